import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotFound } from './NotFound';

it("shows 'Error 404' and 'Return to Home' goes to /farms", async () => {
  window.history.replaceState(null, '', '/no/such/page');
  render(<NotFound />);
  expect(screen.getByRole('heading', { name: 'Error 404' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Return to Home' }));
  expect(window.location.pathname).toBe('/farms');
});
