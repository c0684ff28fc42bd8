import { render, screen } from '@testing-library/react';
import { fakeMfProps } from '@paddock/shared/testing';
import { App } from './App';

it('renders its screen for a route the host sends to this area', () => {
  window.history.replaceState(null, '', '/farms');
  render(<App {...fakeMfProps()} />);
  expect(screen.getByRole('heading', { name: 'Farms & Fields', level: 1 })).toBeInTheDocument();
});

it('renders nothing of its own on a path it does not own (the host shows the 404)', () => {
  window.history.replaceState(null, '', '/somewhere-else');
  const { container } = render(<App {...fakeMfProps()} />);
  expect(container).toBeEmptyDOMElement();
});
