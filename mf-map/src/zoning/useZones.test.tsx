import { act, render, screen } from '@testing-library/react';
import { createBus } from '@paddock/shared/bus';
import { fakeMfProps, testQueryClient } from '@paddock/shared/testing';
import { MapAreaProvider } from '../context';
import { messages } from '../messages';
import { SLOW_ZONES_MS, useZones } from './useZones';
import type { ZonesRequest } from '../api/zoningApi';

const request: ZonesRequest = {
  fieldIds: ['x1'],
  layer: 'standard',
  algorithm: 'NDVI',
  date: '2026-03-01',
  zones: 3,
  resolution: 2,
};

function Probe({ of }: { of: ZonesRequest }) {
  const state = useZones(of);
  return <p>{state.kind === 'loading' ? `loading${state.slow ? `: ${messages.zoningSlow}` : ''}` : state.kind}</p>;
}

describe('zones still computing (spec 2 §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('brings up the coffee message after 20 s, and a new request starts without it', async () => {
    const bus = createBus(new EventTarget());
    // The server is still computing: the request never answers.
    const pending: typeof fetch = () => new Promise<Response>(() => undefined);
    const view = render(
      <MapAreaProvider props={fakeMfProps({ bus })} fetch={pending} queryClient={testQueryClient(bus)}>
        <Probe of={request} />
      </MapAreaProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(SLOW_ZONES_MS - 100));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(200));
    expect(screen.getByText(`loading: ${messages.zoningSlow}`)).toBeInTheDocument();
    view.rerender(
      <MapAreaProvider props={fakeMfProps({ bus })} fetch={pending} queryClient={testQueryClient(bus)}>
        <Probe of={{ ...request, zones: 4 }} />
      </MapAreaProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
  });
});
