import { render, screen } from '@testing-library/react';
import { fakeMfProps, fakeServer } from '@paddock/shared/testing';
import { App } from './App';
import { listReply, makeFarm } from './testing/fixtures';

// The mounted app uses the browser's fetch; the fake server stands in for the API behind it.
const server = fakeServer({ 'GET /v2/farms': listReply([makeFarm({ farm_id: 'f1', farm_name: 'North Farm' })]) });
const realFetch = globalThis.fetch;
beforeEach(() => {
  globalThis.fetch = server.fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

it('renders its screen for a route the host sends to this area', async () => {
  window.history.replaceState(null, '', '/farms');
  render(<App {...fakeMfProps()} />);
  expect(screen.getByRole('heading', { name: 'Farms & Fields', level: 1 })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'North Farm' })).toHaveAttribute('href', '/farms/f1');
  expect(server.requests[0]?.authorization).toBe('Bearer token-1');
});

it('renders nothing of its own on a path it does not own (the host shows the 404)', () => {
  window.history.replaceState(null, '', '/somewhere-else');
  const { container } = render(<App {...fakeMfProps()} />);
  expect(container).toBeEmptyDOMElement();
});

it('leaves /farms/{id} to the map area', () => {
  window.history.replaceState(null, '', '/farms/f1');
  const { container } = render(<App {...fakeMfProps()} />);
  expect(container).toBeEmptyDOMElement();
});
