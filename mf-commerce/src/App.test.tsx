import { render, screen } from '@testing-library/react';
import { fakeMfProps } from '@paddock/shared/testing';
import { routesOf } from '@paddock/shared/contracts';
import { App } from './App';
import { renderCommerce } from './testing/harness';

it('renders its screen for a route the host sends to this area', () => {
  window.history.replaceState(null, '', '/order');
  render(<App {...fakeMfProps()} />);
  expect(screen.getByRole('heading', { name: 'Orders', level: 1 })).toBeInTheDocument();
});

it('renders nothing of its own on a path it does not own (the host shows the 404)', () => {
  window.history.replaceState(null, '', '/somewhere-else');
  const { container } = render(<App {...fakeMfProps()} />);
  expect(container).toBeEmptyDOMElement();
});

it.each([
  ['/order/high-resolution-imagery', 'High Resolution Ordering'],
  ['/order-review/o1/success', 'Order Review'],
  ['/pay/o1', 'Pay for your order'],
  ['/rapid-em-booking', 'Rapid-EM Booking'],
])('routes %s to %s', (path, title) => {
  window.history.replaceState(null, '', path);
  render(<App {...fakeMfProps()} />);
  expect(screen.getByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
});

it('serves every route the contract gives this area', () => {
  // /payment and /payment-success load data or need navigation state first (their own tests).
  const placeholders = routesOf('mf_commerce').filter((pattern) => !pattern.startsWith('/payment'));
  for (const pattern of placeholders) {
    const path = pattern.replace(/\/:[^/]+\?/g, '').replace(/:[^/]+/g, 'o1');
    const { container, unmount } = renderCommerce({ route: path });
    expect(container.querySelector('h1')).not.toBeNull();
    unmount();
  }
});
