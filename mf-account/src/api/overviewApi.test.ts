import { fakeServer, TEST_API_URL } from '@paddock/shared/testing';
import { createOverviewApi } from './overviewApi';

const farm = (id: string, fields: number, area: number, permission = 'owner') => ({
  type: 'Feature',
  id,
  geometry: null,
  bbox: null,
  properties: {
    farm_id: id,
    farm_name: id,
    is_favorite: false,
    collaborators: [],
    number_of_fields: fields,
    farm_area: area,
    location: null,
    owner_email: null,
    permission,
    created_on: '2024-01-01T00:00:00Z',
    updated_on: '2024-01-01T00:00:00Z',
  },
});

const apiWith = (routes: Parameters<typeof fakeServer>[0]) => {
  const server = fakeServer(routes);
  return {
    server,
    api: createOverviewApi({ config: { apiUrl: TEST_API_URL }, getToken: async () => 't', fetch: server.fetch }),
  };
};

describe('overview api', () => {
  it('reads the totals of farms, fields and hectares from one call, without paging through the farms', async () => {
    const { api, server } = apiWith({
      'GET /v2/farms/totals': { status: 200, body: { data: { farms: 130, fields: 260, hectares: 195.25 } } },
    });
    await expect(api.totals()).resolves.toEqual({ farms: 130, fields: 260, hectares: 195.25 });
    expect(server.requests.map((request) => new URL(request.url).pathname)).toEqual(['/v2/farms/totals']);
  });

  it('refuses a totals answer that breaks the contract', async () => {
    const { api } = apiWith({
      'GET /v2/farms/totals': { status: 200, body: { data: { farms: 'many', fields: 2, hectares: 1 } } },
    });
    await expect(api.totals()).rejects.toThrow();
  });

  it('reads the upcoming orders from pages.total_count with both statuses', async () => {
    const { api, server } = apiWith({
      'GET /v2/orders': {
        status: 200,
        body: { orders: [], pages: { total_count: 7, total_pages: 7, skip: 0, limit: 1 } },
      },
    });
    await expect(api.upcomingOrders()).resolves.toBe(7);
    const params = new URL(server.requests[0]!.url).searchParams;
    expect(params.getAll('statuses')).toEqual(['processing', 'submitted']);
    expect(params.get('limit')).toBe('1');
  });

  it('offers only farms the user may edit for an import', async () => {
    const { api } = apiWith({
      'GET /v2/farms': {
        status: 200,
        body: {
          type: 'FeatureCollection',
          features: [farm('a', 0, 0, 'owner'), farm('b', 0, 0, 'viewer'), farm('c', 0, 0, 'editor')],
          pages: { total_count: 3, total_pages: 1, skip: 0, limit: 100 },
        },
      },
    });
    expect((await api.editableFarms()).map((f) => f.id)).toEqual(['a', 'c']);
  });
});
