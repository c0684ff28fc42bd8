import { act, waitFor } from '@testing-library/react';
import { fakeServer, type Routes } from '@paddock/shared/testing';
import { fieldsReply, makeFarm, makeField } from '../testing/fixtures';
import { createFarmMap, type FarmMapEvents, type FarmMapInstance } from './index';

const mockHandle = jest.requireActual<typeof import('../testing/harness')>('../testing/harness').fakeMapHandle();
const mockClicks: { click?: (fieldId: string) => void } = {};
jest.mock('../map-core/FarmMapView', () => ({
  __esModule: true,
  default: jest
    .requireActual<typeof import('../testing/harness')>('../testing/harness')
    .fakeMapView(mockHandle, mockClicks),
}));

const fields = [
  makeField('x1', { field_name: 'Creek', field_crop_type: 'Barley' }),
  makeField('x2', { field_name: 'Hill' }, 1),
];
const realFetch = globalThis.fetch;

const farmRoutes: Routes = {
  'GET /v2/farms/f1': { status: 200, body: makeFarm() },
  'GET /v2/farms/f1/fields': fieldsReply(fields),
};

function mount(mode: 'view' | 'select', routes: Routes = farmRoutes) {
  const server = fakeServer(routes);
  globalThis.fetch = server.fetch;
  const element = document.createElement('div');
  document.body.append(element);
  const seen: { [E in keyof FarmMapEvents]: Array<FarmMapEvents[E]> } = { ready: [], select: [], error: [] };
  let map: FarmMapInstance | undefined;
  act(() => {
    map = createFarmMap(element, {
      farmId: 'f1',
      apiUrl: 'http://api.test/v2',
      getToken: async () => 'partner-token',
      mode,
    });
  });
  if (!map) throw new Error('not mounted');
  map.on('ready', (event) => seen.ready.push(event));
  map.on('select', (event) => seen.select.push(event));
  map.on('error', (event) => seen.error.push(event));
  return { map, element, seen, server };
}

afterEach(() => {
  globalThis.fetch = realFetch;
  mockClicks.click = undefined;
});

describe('createFarmMap (./embed)', () => {
  it("loads the farm with the page's token and says when it is ready", async () => {
    const { seen, server, map } = mount('view');
    await waitFor(() => expect(seen.ready).toEqual([{ farmId: 'f1', farmName: 'Kurrajong Downs', fieldCount: 2 }]));
    expect(server.requests.every((r) => r.authorization === 'Bearer partner-token')).toBe(true);
    act(() => map.destroy());
  });

  it('reports clicks in select mode as plain GeoJSON features', async () => {
    const { seen, map, element } = mount('select');
    // Fields can be clicked once they are on the map.
    await waitFor(() => expect(seen.ready).toHaveLength(1));
    expect(mockClicks.click).toBeDefined();
    act(() => mockClicks.click?.('x2'));
    act(() => mockClicks.click?.('x1'));
    expect(seen.select).toHaveLength(2);
    const [first, second] = seen.select[1]?.fields ?? [];
    expect(first).toEqual(fields[1]);
    expect(second).toEqual(fields[0]);
    // Detached plain data: JSON round-trips unchanged, and changing it does not reach the map.
    expect(JSON.parse(JSON.stringify(seen.select[1]))).toEqual(seen.select[1]);
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    act(() => mockClicks.click?.('x2'));
    expect(seen.select.at(-1)?.fields.map((f) => f.id)).toEqual(['x1']);

    act(() => map.destroy());
    expect(element).toBeEmptyDOMElement();
  });

  it('selects from the page without echoing a select event; view mode ignores clicks', async () => {
    const { seen, map } = mount('view');
    await waitFor(() => expect(seen.ready).toHaveLength(1));
    expect(mockClicks.click).toBeUndefined();
    act(() => map.setSelection(['x1', 'nope', 'x2']));
    expect(seen.select).toEqual([]);
    act(() => map.destroy());
  });

  it('reports a farm it cannot show', async () => {
    const { seen, element, map } = mount('view', {
      'GET /v2/farms/f1': { status: 404, body: { detail: 'Farm not found' } },
      'GET /v2/farms/f1/fields': fieldsReply([]),
    });
    await waitFor(() => expect(seen.error).toEqual([{ message: 'Farm not found', status: 404 }]));
    expect(element).toHaveTextContent('Farm not found');
    act(() => map.destroy());
  });
});
