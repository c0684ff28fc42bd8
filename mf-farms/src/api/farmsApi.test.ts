import { ApiError } from '@paddock/shared/api-client';
import { detailReply, listReply, makeFarm } from '../testing/fixtures';
import { API_URL, fakeServer, queryOf, type Routes } from '../testing/harness';
import { createFarmsApi, farmListQuery, type FarmListParams } from './farmsApi';

function apiWith(routes: Routes) {
  const server = fakeServer(routes);
  const api = createFarmsApi({ config: { apiUrl: API_URL }, getToken: async () => 'tok', fetch: server.fetch });
  return { api, server };
}

const params: FarmListParams = {
  page: 3,
  pageSize: 15,
  sortBy: 'farm_name',
  sortDir: 'asc',
  search: '  North FARM ',
  favouritesOnly: true,
};

describe('farms api', () => {
  it('turns the list view into skip/limit, sort, a lower-cased search and the favourites flag', () => {
    expect(farmListQuery(params)).toEqual({
      skip: 30,
      limit: 15,
      sort_by: 'farm_name',
      sort_dir: 'asc',
      search_query: 'north farm',
      is_favorite: 'true',
    });
    expect(farmListQuery({ ...params, page: 1, search: '   ', favouritesOnly: false })).toEqual({
      skip: 0,
      limit: 15,
      sort_by: 'farm_name',
      sort_dir: 'asc',
    });
  });

  it('reads the list with the bearer token and parses it with the contract', async () => {
    const { api, server } = apiWith({ 'GET /v2/farms': listReply([makeFarm({ farm_id: 'f1' })], { total_pages: 4 }) });
    const list = await api.listFarms(params);
    expect(list.pages.total_pages).toBe(4);
    expect(list.features[0]?.properties.farm_id).toBe('f1');
    expect(server.requests[0]?.authorization).toBe('Bearer tok');
    expect(queryOf(server.requests[0]?.url)).toMatchObject({ skip: '30', search_query: 'north farm' });
  });

  it('refuses an answer that does not match the contract', async () => {
    const { api } = apiWith({ 'GET /v2/farms': { status: 200, body: { features: 'nope' } } });
    await expect(api.listFarms(params)).rejects.toBeInstanceOf(ApiError);
  });

  it('renames and favourites with PUT, each sending only its own property', async () => {
    const { api, server } = apiWith({ 'PUT /v2/farms/f1': { status: 204 } });
    await api.renameFarm('f1', 'Creek');
    await api.setFavourite('f1', true);
    expect(server.requests.map((r) => r.body)).toEqual([
      { data: { farm_name: 'Creek' } },
      { data: { is_account_farm_favorite: true } },
    ]);
  });

  it('shares and removes collaborators, returning the server message', async () => {
    const { api, server } = apiWith({
      'POST /v2/farms/share_farm': { status: 200, body: { data: { message: 'Shared' } } },
      'POST /v2/farms/f1/remove_collaborator/a%2Bb%40x.io': { status: 200, body: { data: { message: 'Removed' } } },
    });
    await expect(api.shareFarms(['f1', 'f2'], ['a@x.io'], 'viewer')).resolves.toBe('Shared');
    expect(server.requests[0]?.body).toEqual({
      data: { farm_ids: ['f1', 'f2'], account_permission: [{ email: 'a@x.io', permission: 'viewer' }] },
    });
    await expect(api.removeCollaborator('f1', 'a+b@x.io')).resolves.toBe('Removed');
  });

  it("reports a 403's detail and a 422's first msg", async () => {
    const { api } = apiWith({
      'DELETE /v2/farms/f1': detailReply('Only the owner can delete this farm', 403),
      'POST /v2/farms': {
        status: 422,
        body: {
          detail: [
            { loc: ['body'], msg: 'Farm Name is required!', type: 'value_error' },
            { loc: [], msg: 'other', type: 'x' },
          ],
        },
      },
    });
    await expect(api.deleteFarm('f1')).rejects.toMatchObject({
      status: 403,
      message: 'Only the owner can delete this farm',
    });
    await expect(api.createFarm('')).rejects.toMatchObject({ status: 422, message: 'Farm Name is required!' });
  });
});
