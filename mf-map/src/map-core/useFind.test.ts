import type { Basemap, BasemapsResponse } from '@paddock/shared/contracts';
import { makeProfile } from '@paddock/shared/testing';
import { NO_BASEMAP } from './basemapChoice';
import { resolveBasemap, startRegion, stateOf, STATE_VIEWS } from './useFind';

const satellite: Basemap = {
  id: 'satellite',
  name: 'Satellite',
  kind: 'embedded',
  url: '/v2/basemap/tiles/{z}/{x}/{y}.png',
  attribution: 'Imagery: simulated Sentinel-2 (Paddock)',
  minZoom: 8,
  maxZoom: 18,
};
const streets: Basemap = {
  id: 'configured',
  name: 'Streets',
  kind: 'xyz',
  url: 'https://tiles.example/{z}/{x}/{y}.png',
  attribution: '© Example',
  minZoom: 0,
  maxZoom: 19,
};
const answer: BasemapsResponse = { default_id: 'configured', basemaps: [streets, satellite] };
const api = {
  basemapTemplate: (b: Basemap, farmId: string) => (b.kind === 'embedded' ? `api${b.url}?farm_id=${farmId}` : b.url),
  fetchTile: jest.fn(),
  orientation: jest.fn(),
};

describe('base map choice (issue 10 §1)', () => {
  it("opens on the api's default, with its attribution", () => {
    const state = resolveBasemap(answer, null, api, 'f1');
    expect(state.current).toBe('configured');
    expect(state.source).toMatchObject({ template: streets.url, attribution: '© Example' });
    expect(state.source?.fetchTile).toBeUndefined();
    // A configured base map has its own coastline and names: no orientation over it.
    expect(state.source?.orientation).toBeUndefined();
  });

  it("takes the user's choice; the embedded one loads its tiles with the token, for this farm", () => {
    const state = resolveBasemap(answer, 'satellite', api, 'f1');
    expect(state.source).toMatchObject({
      id: 'satellite',
      template: 'api/v2/basemap/tiles/{z}/{x}/{y}.png?farm_id=f1',
      minZoom: 8,
    });
    expect(state.source?.fetchTile).toBe(api.fetchTile);
    // Coastline, borders and place names are drawn over the embedded one.
    expect(state.source?.orientation).toBe(api.orientation);
  });

  it('shows none when chosen, and falls back to the default when the choice is no longer offered', () => {
    expect(resolveBasemap(answer, NO_BASEMAP, api, 'f1')).toMatchObject({ current: NO_BASEMAP, source: null });
    expect(resolveBasemap(answer, 'gone', api, 'f1').current).toBe('configured');
    expect(resolveBasemap(undefined, null, api, 'f1').source).toBeNull();
  });

  it('says the imagery is demo imagery only when the api says it is simulated', () => {
    expect(resolveBasemap({ ...answer, demo_imagery: true }, null, api, 'f1').demoImagery).toBe(true);
    expect(resolveBasemap({ ...answer, demo_imagery: true }, NO_BASEMAP, api, 'f1').demoImagery).toBe(true);
    expect(resolveBasemap({ ...answer, demo_imagery: false }, null, api, 'f1').demoImagery).toBe(false);
    expect(resolveBasemap(answer, null, api, 'f1').demoImagery).toBe(false);
  });
});

describe('where a new farm opens (issue 10 §1)', () => {
  const withState = (state: string | null) => {
    const profile = makeProfile();
    return { ...profile, account: { ...profile.account, state } };
  };

  it("opens around the user's last farm first", async () => {
    const region = await startRegion({ lastFarmBBox: async () => [142, -36.7, 142.1, -36.6] }, 'f1', withState('NSW'));
    expect(region).toEqual({ bbox: [142, -36.7, 142.1, -36.6], maxZoom: 14 });
  });

  it("else at the profile's state, written any usual way", async () => {
    const none = { lastFarmBBox: async () => null };
    expect((await startRegion(none, 'f1', withState('Victoria')))?.bbox).toEqual(STATE_VIEWS.VIC?.bbox);
    expect(stateOf(withState('qld'))).toBe('QLD');
    expect(stateOf(withState('W.A.'))).toBeNull();
  });

  it('else stays on Australia (never the whole world), also when the farm list fails', async () => {
    expect(await startRegion({ lastFarmBBox: async () => null }, 'f1', withState(null))).toBeNull();
    expect(
      await startRegion({ lastFarmBBox: () => Promise.reject(new Error('down')) }, 'f1', withState('')),
    ).toBeNull();
  });
});
