import { render, screen } from '@testing-library/react';
import { fakeMfProps, fakeServer } from '@paddock/shared/testing';
import { App } from './App';

jest.mock('./map-core/FarmMapView', () => ({ __esModule: true, default: () => <div data-testid="farm-map" /> }));

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

it('renders the farm map for /farms/{id}, with a page heading in every state', async () => {
  globalThis.fetch = fakeServer({ 'GET /v2/farms/f1': { status: 404, body: { detail: 'Farm not found' } } }).fetch;
  window.history.replaceState(null, '', '/farms/f1');
  render(<App {...fakeMfProps()} />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Loading farm…');
  expect(await screen.findByRole('heading', { level: 1, name: 'Farm not found' })).toBeInTheDocument();
});

it('renders nothing of its own on a path it does not own (the host shows the 404)', () => {
  window.history.replaceState(null, '', '/somewhere-else');
  const { container } = render(<App {...fakeMfProps()} />);
  expect(container).toBeEmptyDOMElement();
});
