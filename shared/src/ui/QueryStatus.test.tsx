import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api-client';
import { QueryStatus } from './QueryStatus';

describe('QueryStatus', () => {
  it('shows the loading state while the query is pending', () => {
    render(
      <QueryStatus
        query={{ isPending: true, error: null, refetch: jest.fn() }}
        loading="Loading your orders"
        failed="Your orders could not be loaded"
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading your orders' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a failure in the server's words, and Try again asks again", async () => {
    const refetch = jest.fn();
    render(
      <QueryStatus
        query={{ isPending: false, error: new ApiError(403, 'Not your order'), refetch }}
        loading="Loading your orders"
        failed="Your orders could not be loaded"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your orders could not be loaded');
    expect(alert).toHaveTextContent('Not your order');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
