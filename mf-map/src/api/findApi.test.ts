import { createFindApi } from './findApi';

describe('find api', () => {
  it("resolves the embedded base map's template against the api, braces kept for OpenLayers", () => {
    const api = createFindApi({ config: { apiUrl: 'http://localhost:3000/api/v2' }, getToken: async () => 't' });
    const template = api.basemapTemplate(
      {
        id: 'satellite',
        name: 'Satellite',
        kind: 'embedded',
        url: '/v2/basemap/tiles/{z}/{x}/{y}.png',
        attribution: 'S',
        minZoom: 8,
        maxZoom: 18,
      },
      'f1',
    );
    expect(template).toBe('http://localhost:3000/api/v2/basemap/tiles/{z}/{x}/{y}.png?farm_id=f1');
  });
});
