import { act, renderHook, waitFor } from '@testing-library/react';
import { fakeServer, queryHarness, TEST_API_URL, type Routes } from '@paddock/shared/testing';
import { createMapApi } from '../api/mapApi';
import { createMapStore, type MapAccess } from '../store';
import { fieldsReply, makeFarm, makeField } from '../testing/fixtures';
import { farmOf, fieldsOf } from './farmData';
import { useFarmMapData } from './useFarmMapData';

const access: MapAccess = { edit: true, multiSelect: false, advanced: false };
const accessOf = () => access;

function load(routes: Routes) {
  const server = fakeServer(routes);
  const api = createMapApi({ config: { apiUrl: TEST_API_URL }, getToken: async () => 'token', fetch: server.fetch });
  const store = createMapStore();
  const { wrapper, client } = queryHarness();
  const hook = renderHook(() => useFarmMapData({ api, farmId: 'f1', store, accessOf }), { wrapper });
  /** The farm and fields the screens of this map see. */
  const shown = () => ({
    farm: farmOf(client, store.getState().farmId),
    fields: fieldsOf(client, store.getState().farmId),
  });
  return { ...hook, server, store, shown };
}

describe('useFarmMapData (the farm page and the embedded map)', () => {
  it('puts the farm and its fields in the cache, its id and the access into the store before saying ready', async () => {
    const { result, store, shown } = load({
      'GET /v2/farms/f1': { status: 200, body: makeFarm() },
      'GET /v2/farms/f1/fields': fieldsReply([makeField('x1'), makeField('x2', {}, 1)]),
    });
    expect(result.current.status.status).toBe('pending');
    await waitFor(() => expect(result.current.status.status).toBe('success'));
    expect(shown().farm?.id).toBe('f1');
    expect(shown().fields.map((f) => f.id)).toEqual(['x1', 'x2']);
    expect(store.getState().access).toEqual(access);
  });

  it("says not found with the server's words, without asking again", async () => {
    const { result, server } = load({
      'GET /v2/farms/f1': { status: 404, body: { detail: 'Farm not found' } },
      'GET /v2/farms/f1/fields': { status: 404, body: { detail: 'Farm not found' } },
    });
    await waitFor(() =>
      expect(result.current.status).toMatchObject({ status: 'error', notFound: true, message: 'Farm not found' }),
    );
    expect(server.find('GET', '/v2/farms/f1')).toHaveLength(1);
  });

  it('reloads the fields on demand (after an import)', async () => {
    let fields = [makeField('x1')];
    const { result, shown } = load({
      'GET /v2/farms/f1': { status: 200, body: makeFarm() },
      'GET /v2/farms/f1/fields': () => fieldsReply(fields),
    });
    await waitFor(() => expect(result.current.status.status).toBe('success'));
    fields = [makeField('x1'), makeField('x9', {}, 1)];
    await act(() => result.current.reload());
    await waitFor(() => expect(shown().fields.map((f) => f.id)).toEqual(['x1', 'x9']));
    expect(result.current.status.status).toBe('success');
  });

  it('a reload without a selected field drops it from the selection', async () => {
    let fields = [makeField('x1'), makeField('x2', {}, 1)];
    const { result, store, shown } = load({
      'GET /v2/farms/f1': { status: 200, body: makeFarm() },
      'GET /v2/farms/f1/fields': () => fieldsReply(fields),
    });
    await waitFor(() => expect(result.current.status.status).toBe('success'));
    act(() => store.getState().setSelection(['x2'], shown().fields));
    expect(store.getState().selectedFields).toEqual(['x2']);
    fields = [makeField('x1')];
    await act(() => result.current.reload());
    await waitFor(() => expect(store.getState().selectedFields).toEqual([]));
  });
});
