import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createBus, type ToastKind } from '@paddock/shared/bus';
import type {
  CatalogEntry,
  CatalogResponse,
  FarmRole,
  FeatureFlagKey,
  FieldFeature,
  ImageryAlgorithm,
  Profile,
  StatisticsResponse,
} from '@paddock/shared/contracts';
import { fakeMfProps, fakeServer, makeProfile, type FakeReply, type Routes } from '@paddock/shared/testing';
import { MapAreaProvider } from '../../context';
import { mapAccess } from '../../farm-page/access';
import { createMapStore, MapStoreProvider } from '../../store';
import { makeFarm, makeField } from '../../test/fixtures';

/** An Advanced profile with the given feature flags on. */
export const advancedProfile = (...flags: FeatureFlagKey[]): Profile =>
  makeProfile(
    {},
    {
      tier: { key: 'premium', name: 'Advanced' },
      feature_flags: flags.map((feature_flag) => ({
        feature_flag,
        enabled: true,
        modal_title: '',
        modal_description: '',
      })),
    },
  );

/** A capture of the standard layer with every calculation. */
export function capture(date: string, cloud = 3): CatalogEntry {
  const algorithms: ImageryAlgorithm[] = ['NDVI', 'NDVI-R', 'COLOUR', 'NDRE', 'THERMAL', 'PCD'];
  return {
    date,
    capture_id: `s2-${date}`,
    items: algorithms.map((algorithm) => ({
      algorithm,
      source: 'SIMULATED SENTINEL-2',
      cloud_percent: cloud,
      tile_urls: [],
      statistics_url: '',
    })),
  };
}

export function catalogReply(dates: CatalogEntry[], next: string | null = null, fieldIds = ['x1']): FakeReply {
  const body: CatalogResponse = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: null,
        properties: {
          layer: 'standard',
          field_ids: fieldIds,
          search_from: '2025-03-11',
          search_to: '2026-03-10',
          dates,
          next_latest_date_utc: next,
        },
      },
    ],
  };
  return { status: 200, body };
}

export function statisticsReply(overrides: Partial<StatisticsResponse> = {}): FakeReply {
  const body: StatisticsResponse = {
    algorithm: 'standard_NDVI',
    capture_date: '2026-03-01',
    unit: 'index',
    min: 0.1234,
    mean: 0.5678,
    max: 0.8123,
    p10: 0.3,
    p90: 0.75,
    pixel_count: 1000,
    color_rendering: {
      color_stretch: 'dynamic',
      color_range: [
        [215, 25, 28],
        [255, 255, 191],
        [26, 150, 65],
      ],
      value_range: [0.2, 0.8],
    },
    ...overrides,
  };
  return { status: 200, body };
}

interface Options {
  fields?: FieldFeature[];
  farmRole?: FarmRole;
  selected?: string[];
  profile?: Profile;
  routes?: Routes;
}

/** An imagery component over a loaded farm, with host-like props, the fake API and a recording bus. */
export function renderImagery(
  ui: ReactElement,
  {
    fields = [makeField('x1', { field_crop_type: 'Wheat' })],
    farmRole = 'owner',
    selected = [],
    profile = makeProfile(),
    routes = {},
  }: Options = {},
) {
  const server = fakeServer(routes);
  const bus = createBus(new EventTarget());
  const toasts: Array<{ kind: ToastKind; message: string }> = [];
  bus.on('paddock:toast', (toast) => toasts.push(toast));
  const store = createMapStore();
  const farm = makeFarm('f1', farmRole);
  store.getState().setAccess(mapAccess(farm.properties.permission, profile));
  store.getState().loadFarm(farm, fields);
  store.getState().setSelection(selected);
  const props = fakeMfProps({ bus, profile });
  const view = render(
    <MapAreaProvider props={props} fetch={server.fetch}>
      <MapStoreProvider store={store}>{ui}</MapStoreProvider>
    </MapAreaProvider>,
  );
  return { ...view, server, store, toasts, ui: userEvent.setup() };
}

/** The query of the requests the fake server saw on a path. */
export const queriesOf = (server: ReturnType<typeof fakeServer>, path: string) =>
  server.find('GET', path).map((request) => new URL(request.url).searchParams);
