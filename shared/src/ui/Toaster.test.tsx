import { act, render, screen, waitFor } from '@testing-library/react';
import { createBus } from '../bus';
import { Toaster } from './Toaster';

describe('Toaster', () => {
  it('drops an error raised on a page once the user leaves it, and keeps the news of the next page', () => {
    window.history.replaceState(null, '', '/rapid-em-booking');
    const bus = createBus(new EventTarget());
    render(<Toaster bus={bus} />);
    act(() => bus.toast('error', 'Phone number is required'));
    expect(screen.getByRole('alert')).toHaveTextContent('Phone number is required');

    act(() => {
      window.history.pushState(null, '', '/payment-success');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    act(() => bus.toast('success', 'Payment Received!'));
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Payment Received!');

    // A success raised before a move (e.g. 'Farm created', then the map opens) stays through it.
    act(() => {
      window.history.pushState(null, '', '/farms/f1');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('Payment Received!')).toBeInTheDocument();
  });

  it('moves its toasts to the bottom while a dialog is open, clear of its title and close button', async () => {
    const bus = createBus(new EventTarget());
    render(<Toaster bus={bus} />);
    act(() => bus.toast('success', 'Payment successful!'));
    const toaster = screen.getByRole('status').parentElement as HTMLElement;
    expect(toaster).toHaveAttribute('data-placement', 'top');

    const portal = document.createElement('div');
    portal.innerHTML = '<div role="dialog" aria-label="Tax invoice"></div>';
    act(() => document.body.appendChild(portal));
    await waitFor(() => expect(toaster).toHaveAttribute('data-placement', 'bottom'));
    expect(screen.getByRole('status')).toHaveTextContent('Payment successful!');

    act(() => portal.remove());
    await waitFor(() => expect(toaster).toHaveAttribute('data-placement', 'top'));
  });
});
