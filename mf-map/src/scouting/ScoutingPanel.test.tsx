import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import Feature from 'ol/Feature';
import Polygon from 'ol/geom/Polygon';
import Draw, { DrawEvent } from 'ol/interaction/Draw';
import { fromLonLat } from 'ol/proj';
import type { Routes } from '@paddock/shared/testing';
import { OlMapContext, type MapHandle } from '../map-core/olMapContext';
import { fakeMapHandle, renderOverMap } from '../testing/harness';
import { makeField } from '../testing/fixtures';
import { AREA_HINTS, ScoutingPanel } from './ScoutingPanel';
import { scoutingOutbox } from './useScouting';

const POINT = 'GET /v2/algorithm/standard_NDVI/point.json';
const PEOPLE = 'GET /v2/farms/f1/scouting/people';
/** Inside field x1 (147.0–147.011, -35.009 to -35.0). */
const IN_FIELD: [number, number] = [147.005, -35.004];

/** A map that records what the panel asks of it: clicks waited for, tools added and taken away. */
function recordingMap() {
  const handle = fakeMapHandle();
  const map = handle.map as unknown as Record<string, jest.Mock>;
  Object.assign(map, {
    addInteraction: jest.fn(),
    removeInteraction: jest.fn(),
    addOverlay: jest.fn(),
    removeOverlay: jest.fn(),
  });
  /** Taps the map where the panel waits for a click. */
  const tap = ([lon, lat]: [number, number]) => {
    const call = map.once?.mock.calls.find(([type]) => type === 'singleclick');
    if (!call) throw new Error('The panel does not wait for a tap');
    act(() => (call[1] as (event: { coordinate: number[] }) => void)({ coordinate: fromLonLat([lon, lat]) }));
  };
  const drawTool = (): Draw | undefined =>
    map.addInteraction?.mock.calls.map(([tool]) => tool as unknown).find((tool): tool is Draw => tool instanceof Draw);
  return { handle, map, tap, drawTool };
}

function renderPanel({ routes = {}, imagery = true }: { routes?: Routes; imagery?: boolean } = {}) {
  const map = recordingMap();
  const view = renderOverMap(
    <MemoryRouter>
      <OlMapContext.Provider value={map.handle as MapHandle}>
        <ScoutingPanel open onClose={() => undefined} loadPageParts={async () => undefined} />
      </OlMapContext.Provider>
    </MemoryRouter>,
    {
      fields: [makeField('x1', { field_crop_type: 'Wheat' })],
      routes: {
        'GET /v2/farms/f1/scouting/notes': { status: 200, body: { data: [] } },
        [PEOPLE]: {
          status: 200,
          body: {
            data: [
              { account_id: '00000000-0000-4000-8000-000000000001', name: 'Alex Grower', role: 'owner' },
              { account_id: '00000000-0000-4000-8000-000000000002', name: 'Sam Agronomist', role: 'editor' },
            ],
          },
        },
        ...routes,
      },
    },
  );
  if (imagery)
    act(() => {
      view.store.getState().setAlgorithm('NDVI');
      view.store.getState().setSelectedDate('2026-11-26');
    });
  return { ...view, ...map };
}

const pointReply = (value: number | null) => ({
  status: 200,
  body: { algorithm: 'NDVI', capture_date: '2026-11-26', unit: 'index', value },
});

/** What the outbox holds for the farm (the note as it will be sent). */
const queued = async () =>
  (await scoutingOutbox().notes.where('farmId').equals('f1').toArray()).map((item) => item.body.note);

const setOnline = (online: boolean) =>
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

// jsdom lends neither of these, which the outbox (Dexie over fake-indexeddb) needs: Node's own.
globalThis.structuredClone ??= <T,>(value: T): T => deserialize(serialize(value)) as T;
if (!('randomUUID' in globalThis.crypto)) Object.defineProperty(globalThis.crypto, 'randomUUID', { value: randomUUID });

describe('the scouting panel’s note form', () => {
  beforeEach(async () => {
    setOnline(true);
    await scoutingOutbox().notes.clear();
  });

  it('folds to one line while placing, then opens the form with the field and the index value there, and saves it', async () => {
    const { ui, tap, server } = renderPanel({ routes: { [POINT]: pointReply(0.6234) } });
    await ui.click(screen.getByRole('button', { name: 'Place on map' }));
    expect(screen.getByRole('status')).toHaveTextContent('Tap the map where the note goes.');
    expect(screen.queryByRole('button', { name: 'Add note here' })).not.toBeInTheDocument();
    tap(IN_FIELD);
    const form = await screen.findByRole('form', { name: 'New scouting note' });
    expect(form).toHaveTextContent('Placed on the map in Field x1');
    expect(await within(form).findByLabelText('Index value here')).toHaveTextContent('NDVI 0.62 on 26 Nov 2026');
    const [asked] = server.find('GET', '/v2/algorithm/standard_NDVI/point.json');
    expect(Object.fromEntries(new URL(asked?.url ?? '', 'http://x').searchParams)).toEqual({
      field_id: 'x1',
      latest_capture_date: '2026-11-26',
      lon: String(IN_FIELD[0]),
      lat: String(IN_FIELD[1]),
    });
    await ui.click(within(form).getByRole('button', { name: 'Save note' }));
    await waitFor(async () =>
      expect(await queued()).toEqual([
        expect.objectContaining({
          field_id: 'x1',
          location_source: 'placed',
          index_reading: { index: 'NDVI', date: '2026-11-26', value: 0.6234 },
        }),
      ]),
    );
  });

  it('leaves the index value out outside a field, offline, or with no imagery shown, and still saves', async () => {
    const outside = renderPanel({ routes: { [POINT]: pointReply(0.5) } });
    await outside.ui.click(screen.getByRole('button', { name: 'Place on map' }));
    outside.tap([147.5, -35.5]);
    const form = await screen.findByRole('form', { name: 'New scouting note' });
    expect(form).toHaveTextContent('Placed on the map');
    expect(within(form).queryByLabelText('Index value here')).not.toBeInTheDocument();
    expect(outside.server.find('GET', '/v2/algorithm/standard_NDVI/point.json')).toHaveLength(0);
    outside.unmount();

    setOnline(false);
    const offline = renderPanel({ routes: { [POINT]: pointReply(0.5) } });
    await offline.ui.click(screen.getByRole('button', { name: 'Place on map' }));
    offline.tap(IN_FIELD);
    const offlineForm = await screen.findByRole('form', { name: 'New scouting note' });
    expect(offlineForm).toHaveTextContent('in Field x1');
    expect(offline.server.find('GET', '/v2/algorithm/standard_NDVI/point.json')).toHaveLength(0);
    await offline.ui.click(within(offlineForm).getByRole('button', { name: 'Save note' }));
    await waitFor(async () => expect(await queued()).toEqual([expect.objectContaining({ index_reading: null })]));
    offline.unmount();

    setOnline(true);
    const noImagery = renderPanel({ imagery: false, routes: { [POINT]: pointReply(0.5) } });
    await noImagery.ui.click(screen.getByRole('button', { name: 'Place on map' }));
    noImagery.tap(IN_FIELD);
    await screen.findByRole('form', { name: 'New scouting note' });
    expect(noImagery.server.find('GET', '/v2/algorithm/standard_NDVI/point.json')).toHaveLength(0);
  });

  it('draws an area: folded with the hint, Undo corner, Cancel and Done; Cancel takes the tool away', async () => {
    const { ui, map, drawTool } = renderPanel();
    await ui.click(screen.getByRole('button', { name: 'Draw an area' }));
    const bar = screen.getByRole('region', { name: 'Drawing an area' });
    expect(bar).toHaveTextContent(AREA_HINTS.mouse);
    for (const name of ['Undo corner', 'Cancel', 'Done'])
      expect(within(bar).getByRole('button', { name })).toBeEnabled();
    const tool = drawTool();
    expect(tool).toBeDefined();
    await ui.click(within(bar).getByRole('button', { name: 'Cancel' }));
    expect(map.removeInteraction).toHaveBeenCalledWith(tool);
    expect(screen.queryByRole('region', { name: 'Drawing an area' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Draw an area' })).toBeInTheDocument();
  });

  it('opens the note form on a closed area, in the field that holds it, and saves it as drawn', async () => {
    const { ui, drawTool, map } = renderPanel({ routes: { [POINT]: pointReply(0.5) } });
    await ui.click(screen.getByRole('button', { name: 'Draw an area' }));
    const corners = [
      [147.002, -35.002],
      [147.008, -35.002],
      [147.008, -35.007],
      [147.002, -35.002],
    ].map((corner) => fromLonLat(corner));
    act(() => {
      drawTool()?.dispatchEvent(new DrawEvent('drawend', new Feature(new Polygon([corners]))));
    });
    const form = await screen.findByRole('form', { name: 'New scouting note' });
    expect(form).toHaveTextContent('Drawn area in Field x1');
    expect(map.removeInteraction).toHaveBeenCalled();
    await ui.click(within(form).getByRole('button', { name: 'Save note' }));
    await waitFor(async () =>
      expect(await queued()).toEqual([
        expect.objectContaining({
          location_source: 'drawn',
          field_id: 'x1',
          geometry: expect.objectContaining({ type: 'Polygon' }),
          index_reading: null,
        }),
      ]),
    );
  });

  it('keeps what was chosen and written, and asks for the day seen when it is emptied', async () => {
    const { ui, tap } = renderPanel({ imagery: false });
    await ui.click(screen.getByRole('button', { name: 'Place on map' }));
    tap(IN_FIELD);
    const form = await screen.findByRole('form', { name: 'New scouting note' });
    await ui.selectOptions(within(form).getByLabelText('Category'), 'Disease');
    await ui.click(within(form).getByRole('radio', { name: 'High' }));
    await ui.type(within(form).getByLabelText('What you saw'), 'Stripe rust on the flag leaves');
    const seen = within(form).getByLabelText('Seen on');
    await ui.clear(seen);
    await ui.click(within(form).getByRole('button', { name: 'Save note' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter the day you saw it.');
    expect(await queued()).toEqual([]);
    await ui.type(seen, '2026-11-20');
    await ui.click(within(form).getByRole('button', { name: 'Save note' }));
    await waitFor(async () =>
      expect(await queued()).toEqual([
        expect.objectContaining({
          category: 'disease',
          severity: 'high',
          text: 'Stripe rust on the flag leaves',
          observed_on: '2026-11-20',
          follow_up: null,
        }),
      ]),
    );
  });

  it('gives a follow-up to a farm member with a due day', async () => {
    const { ui, tap } = renderPanel({ imagery: false });
    await ui.click(screen.getByRole('button', { name: 'Place on map' }));
    tap(IN_FIELD);
    const form = await screen.findByRole('form', { name: 'New scouting note' });
    const who = within(form).getByLabelText('Follow-up by');
    await within(form).findByRole('option', { name: 'Sam Agronomist' });
    expect(within(form).queryByLabelText('Due')).not.toBeInTheDocument();
    await ui.selectOptions(who, 'Sam Agronomist');
    await ui.type(within(form).getByLabelText('Due'), '2026-12-04');
    await ui.click(within(form).getByRole('button', { name: 'Save note' }));
    await waitFor(async () =>
      expect(await queued()).toEqual([
        expect.objectContaining({
          follow_up: { assignee_id: '00000000-0000-4000-8000-000000000002', due_date: '2026-12-04' },
        }),
      ]),
    );
  });
});
