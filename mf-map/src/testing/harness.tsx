import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  routePatterns,
  type FarmFeature,
  type FarmRole,
  type FeatureFlagKey,
  type FieldFeature,
  type MfProps,
  type Profile,
} from '@paddock/shared/contracts';
import { queryKeys, type QueryClient } from '@paddock/shared/query';
import { fakeHost, fakeServer, makeProfile, type Routes as ServerRoutes } from '@paddock/shared/testing';
import { MapAreaProvider } from '../context';
import { mapAccess } from '../farm-page/access';
import { fieldsOf } from '../map-core/farmData';
import type { MapHandle } from '../map-core/olMapContext';
import type { FarmMapViewProps } from '../map-core/FarmMapView';
import { FarmMapPage } from '../farm-page/FarmMapPage';
import { createMapStore, MapStoreProvider, type MapAccess, type MapStore } from '../store';
import { makeFarm, makeField } from './fixtures';

/** What the page did to the map, as a stand-in for OpenLayers (which needs a real canvas). */
export function fakeMapHandle() {
  const view = {
    on: () => undefined,
    un: () => undefined,
    getRotation: () => 0,
    getZoom: () => 4,
    getProjection: () => 'EPSG:3857',
  };
  // Layers a feature adds (scouting notes, zones) are recorded, not drawn.
  const map = {
    getView: () => view,
    addLayer: jest.fn(),
    removeLayer: jest.fn(),
    once: jest.fn(),
    un: jest.fn(),
  };
  return {
    map: map as unknown as MapHandle['map'],
    zoomToFields: jest.fn(),
    zoomBy: jest.fn(),
    resetBearing: jest.fn(),
    geolocate: jest.fn(async () => undefined),
    clearMeasurements: jest.fn(),
    goTo: jest.fn(),
    fitLonLatBox: jest.fn(),
  } satisfies MapHandle;
}

/** Replaces the lazy OpenLayers view: reports the fake handle and exposes field clicks to the test. */
export function fakeMapView(handle: MapHandle, clicks: { click?: (fieldId: string) => void }) {
  return function FakeFarmMapView({ onReady, onFieldClick }: FarmMapViewProps) {
    useEffect(() => {
      onReady(handle);
      clicks.click = onFieldClick ?? undefined;
      return () => onReady(null);
    }, [onReady, onFieldClick]);
    return <div data-testid="farm-map" />;
  };
}

interface RenderOptions {
  farmId?: string;
  state?: unknown;
  routes?: ServerRoutes;
  props?: Partial<MfProps>;
}

/** The map page at /farms/{id} with host-like props, a recording bus and the fake API. */
export function renderMapPage({ farmId = 'f1', state, routes = {}, props: overrides = {} }: RenderOptions = {}) {
  const { server, toasts, events, props, queryClient } = fakeHost(routes, overrides, 'paddock:farm-changed');
  const view = render(
    <MapAreaProvider props={props} fetch={server.fetch} queryClient={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: `/farms/${farmId}`, state }]}>
        <Routes>
          <Route path={routePatterns.farmMap} element={<FarmMapPage />} />
        </Routes>
      </MemoryRouter>
    </MapAreaProvider>,
  );
  return { ...view, server, toasts, farmEvents: events['paddock:farm-changed'], ui: userEvent.setup(), props };
}

export const messagesOf = (toasts: Array<{ message: string }>) => toasts.map((t) => t.message);

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

interface OverMapOptions {
  fields?: FieldFeature[];
  farmRole?: FarmRole;
  selected?: string[];
  profile?: Profile;
  routes?: ServerRoutes;
}

/** A farm loaded as the page has it: the farm and its fields in the query cache, its id and the access in the store. */
export function farmLoaded(
  queryClient: QueryClient,
  store: MapStore,
  farm: FarmFeature,
  fields: FieldFeature[],
  access: MapAccess,
) {
  queryClient.setQueryData(queryKeys.farms.detail(farm.id), farm);
  queryClient.setQueryData(queryKeys.farms.fields(farm.id), fields);
  store.getState().setAccess(access);
  store.getState().farmLoaded(
    farm.id,
    fields.map((field) => field.id),
  );
}

/** A part of the map page over a loaded farm, with host-like props, the fake API and a recording bus. */
export function renderOverMap(
  ui: ReactElement,
  {
    fields = [makeField('x1', { field_crop_type: 'Wheat' })],
    farmRole = 'owner',
    selected = [],
    profile = makeProfile(),
    routes = {},
  }: OverMapOptions = {},
) {
  const { server, bus, toasts, props, queryClient } = fakeHost(routes, { profile });
  const farm = makeFarm('f1', farmRole);
  const store = createMapStore();
  farmLoaded(queryClient, store, farm, fields, mapAccess(farm.properties.permission, profile));
  store.getState().setSelection(selected, fields);
  const view = render(
    <MapAreaProvider props={props} fetch={server.fetch} queryClient={queryClient}>
      <MapStoreProvider store={store}>{ui}</MapStoreProvider>
    </MapAreaProvider>,
  );
  /** The farm's fields as the screens see them now. */
  const fieldsNow = () => fieldsOf(queryClient, farm.id);
  return { ...view, server, store, queryClient, fieldsNow, toasts, bus, ui: userEvent.setup() };
}

/** The query of the requests the fake server saw on a path. */
export const queriesOf = (server: ReturnType<typeof fakeServer>, path: string) =>
  server.find('GET', path).map((request) => new URL(request.url).searchParams);
