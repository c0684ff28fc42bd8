import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { MfProps } from '@paddock/shared/contracts';
import { fakeMfProps, fakeServer, type Routes as ServerRoutes, recordingBus } from '@paddock/shared/testing';
import { MapAreaProvider } from '../context';
import type { MapHandle } from '../map-core/olMapContext';
import type { FarmMapViewProps } from '../map-core/FarmMapView';
import { FarmMapPage } from '../farm-page/FarmMapPage';

/** What the page did to the map, as a stand-in for OpenLayers (which needs a real canvas). */
export function fakeMapHandle() {
  const view = { on: () => undefined, un: () => undefined, getRotation: () => 0 };
  return {
    map: { getView: () => view } as unknown as MapHandle['map'],
    zoomToFields: jest.fn(),
    zoomBy: jest.fn(),
    resetBearing: jest.fn(),
    geolocate: jest.fn(async () => undefined),
    clearMeasurements: jest.fn(),
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
  const server = fakeServer(routes);
  const {
    bus,
    toasts,
    events: { 'paddock:farm-changed': farmEvents },
  } = recordingBus('paddock:farm-changed');
  const props = fakeMfProps({ bus, ...overrides });
  const view = render(
    <MapAreaProvider props={props} fetch={server.fetch}>
      <MemoryRouter initialEntries={[{ pathname: `/farms/${farmId}`, state }]}>
        <Routes>
          <Route path="/farms/:farmId" element={<FarmMapPage />} />
        </Routes>
      </MemoryRouter>
    </MapAreaProvider>,
  );
  return { ...view, server, toasts, farmEvents, ui: userEvent.setup(), props };
}

export const messagesOf = (toasts: Array<{ message: string }>) => toasts.map((t) => t.message);
