import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { createBus, type PaddockEvents } from '@paddock/shared/bus';
import type { AreaGeometry } from '@paddock/shared/contracts';
import { fakeMfProps, fakeServer, testQueryClient, type Routes } from '@paddock/shared/testing';
import { MapAreaProvider } from '../context';
import { createMapStore, MapStoreProvider, type MapStore } from '../store';
import { makeFarm, makeField } from '../testing/fixtures';
import { farmLoaded } from '../testing/harness';
import { FarmMapLayout } from './FarmMapScreen';

const mockHandle = jest.requireActual<typeof import('../testing/harness')>('../testing/harness').fakeMapHandle();
const mockClicks: { click?: (fieldId: string) => void } = {};
jest.mock('../map-core/FarmMapView', () => ({
  __esModule: true,
  default: jest
    .requireActual<typeof import('../testing/harness')>('../testing/harness')
    .fakeMapView(mockHandle, mockClicks),
}));

// About 1.1 km × 1 km: a little over 100 ha.
const square: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [147.1, -35.1],
      [147.111, -35.1],
      [147.111, -35.109],
      [147.1, -35.109],
      [147.1, -35.1],
    ],
  ],
};
const bowTie: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [147.1, -35.1],
      [147.11, -35.11],
      [147.11, -35.1],
      [147.1, -35.11],
      [147.1, -35.1],
    ],
  ],
};

const cropTypes: Routes = {
  'GET /v2/farms/crop_types/list': { status: 200, body: { data: { crop_types: ['Barley', 'Canola', 'Other'] } } },
};

/** The map page's layout over a store the test drives the way the map would (OpenLayers needs a real canvas). */
function renderManage(routes: Routes = {}) {
  const server = fakeServer({ ...cropTypes, ...routes });
  const bus = createBus(new EventTarget());
  const queryClient = testQueryClient(bus);
  const store: MapStore = createMapStore();
  farmLoaded(
    queryClient,
    store,
    makeFarm(),
    [
      makeField('x1', { field_name: 'Creek', field_crop_type: null }),
      makeField('x2', { field_name: 'Hill', field_crop_type: 'Barley' }, 1),
    ],
    { edit: true, multiSelect: false, advanced: false },
  );
  const toasts: string[] = [];
  const farmEvents: Array<PaddockEvents['paddock:farm-changed']> = [];
  bus.on('paddock:toast', ({ message }) => toasts.push(message));
  bus.on('paddock:farm-changed', (event) => farmEvents.push(event));
  render(
    <MapAreaProvider props={fakeMfProps({ bus })} fetch={server.fetch} queryClient={queryClient}>
      <MemoryRouter>
        <MapStoreProvider store={store}>
          <FarmMapLayout status={{ status: 'success' }} onRetry={() => undefined} onReload={async () => undefined} />
        </MapStoreProvider>
      </MemoryRouter>
    </MapAreaProvider>,
  );
  return { store, server, toasts, farmEvents, ui: userEvent.setup() };
}

async function chooseCropType(ui: ReturnType<typeof userEvent.setup>, name: string) {
  await ui.click(screen.getByRole('combobox', { name: 'Crop Type' }));
  await ui.click(await screen.findByRole('option', { name }));
}

describe('manage mode', () => {
  it('draws, checks and saves a new field with its details (POST v2/farms/{id}/fields)', async () => {
    const created = makeField('x3', { field_name: 'Field 3', field_crop_type: 'Canola', area: 100.9 }, 2);
    const { store, server, toasts, farmEvents, ui } = renderManage({
      'POST /v2/farms/f1/fields': { status: 201, body: { type: 'FeatureCollection', features: [created], bbox: null } },
    });
    await ui.click(screen.getByRole('button', { name: 'Add Field' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Draw Field' }));
    expect(screen.getByRole('toolbar', { name: 'Boundaries' })).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Finish Editing' }));
    expect(toasts).toEqual(['No field to save!']);

    act(() => store.getState().sketchClosed(square, 100.9));
    await ui.click(await screen.findByRole('button', { name: 'Finish Editing' }));
    const panel = screen.getByRole('region', { name: 'Field Details' });
    expect(within(panel).getByRole('textbox', { name: 'Field Name' })).toHaveValue('Field 3');
    expect(within(panel).getByRole('textbox', { name: 'Field Area' })).toHaveValue('Approx. 100.90 ha');
    expect(within(panel).getByText('We need you to provide us the crop type for your field')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save Field' })).toBeDisabled();

    await chooseCropType(ui, 'Canola');
    expect(within(panel).queryByText('We need you to provide us the crop type for your field')).not.toBeInTheDocument();
    await ui.click(within(panel).getByRole('button', { name: 'Save Field' }));

    await waitFor(() => expect(toasts).toContain('Field created successfully!'));
    expect(server.find('POST', '/v2/farms/f1/fields')[0]?.body).toMatchObject({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: square, properties: { field_name: 'Field 3', field_crop_type: 'Canola' } },
      ],
    });
    expect(screen.queryByRole('region', { name: 'Field Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Field 3' })).toHaveAccessibleDescription('100.90 ha · Canola');
    expect(farmEvents).toEqual([{ farmId: 'f1', change: 'updated' }]);
  });

  it('refuses a boundary that crosses itself before the details', async () => {
    const { store, toasts, ui } = renderManage();
    act(() => store.getState().startDrawing(2));
    act(() => store.getState().sketchClosed(bowTie, 0));
    await ui.click(await screen.findByRole('button', { name: 'Finish Editing' }));
    expect(toasts).toEqual(['The boundary crosses itself. Move the points so its edges do not cross, then try again.']);
    expect(screen.queryByRole('region', { name: 'Field Details' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the new field", async () => {
    const { store, toasts, ui } = renderManage({
      'POST /v2/farms/f1/fields': {
        status: 422,
        body: { detail: [{ loc: ['body'], msg: "Field 'Field 3': the boundary crosses itself", type: 'x' }] },
      },
    });
    act(() => store.getState().startDrawing(2));
    act(() => store.getState().sketchClosed(square, 100.9));
    await ui.click(await screen.findByRole('button', { name: 'Finish Editing' }));
    await chooseCropType(ui, 'Barley');
    await ui.click(screen.getByRole('button', { name: 'Save Field' }));
    await waitFor(() => expect(toasts).toEqual(["Can't create a field! Field 'Field 3': the boundary crosses itself"]));
    expect(screen.getByRole('region', { name: 'Field Details' })).toBeInTheDocument();
  });

  it('updates only the crop type of an edited field, with its own message', async () => {
    const updated = makeField('x1', {
      field_name: 'Creek',
      field_crop_type: 'Barley',
      updated_on: '2024-06-01T00:00:00.000Z',
    });
    const { server, toasts, ui } = renderManage({ 'PUT /v2/fields/x1': { status: 200, body: updated } });
    await ui.click(screen.getByRole('button', { name: 'Edit Creek' }));
    expect(mockHandle.zoomToFields).toHaveBeenLastCalledWith(['x1']);
    await ui.click(screen.getByRole('button', { name: 'Finish Editing' }));
    expect(screen.getByRole('textbox', { name: 'Field Name' })).toHaveValue('Creek');
    await chooseCropType(ui, 'Barley');
    await ui.click(screen.getByRole('button', { name: 'Save Field' }));
    await waitFor(() => expect(toasts).toEqual(['Field crop type updated successfully!']));
    expect(server.find('PUT', '/v2/fields/x1')[0]?.body).toEqual({
      type: 'Feature',
      properties: { field_crop_type: 'Barley' },
    });
  });

  it('sends a moved boundary and a new name, and says the field was updated', async () => {
    const updated = makeField('x2', { field_name: 'Hill top', field_crop_type: 'Barley', area: 100.9 });
    const { store, server, toasts, ui } = renderManage({ 'PUT /v2/fields/x2': { status: 200, body: updated } });
    act(() => store.getState().setMode('manage'));
    await waitFor(() => expect(mockClicks.click).toBeDefined());
    act(() => mockClicks.click?.('x2'));
    act(() => store.getState().geometryChanged(square, 100.9));
    await ui.click(await screen.findByRole('button', { name: 'Finish Editing' }));
    const name = screen.getByRole('textbox', { name: 'Field Name' });
    await ui.clear(name);
    expect(screen.getByRole('button', { name: 'Save Field' })).toBeDisabled();
    // The form kit shows a field's message once the user leaves it.
    await ui.click(screen.getByRole('heading', { name: 'Field Details' }));
    expect(screen.getByText('Field name is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Field' })).toBeDisabled();
    await ui.type(name, 'Hill top');
    expect(screen.getByRole('textbox', { name: 'Field Area' })).toHaveValue('Approx. 100.90 ha');
    await ui.click(screen.getByRole('button', { name: 'Save Field' }));
    await waitFor(() => expect(toasts).toEqual(['Field updated successfully!']));
    expect(server.find('PUT', '/v2/fields/x2')[0]?.body).toEqual({
      type: 'Feature',
      geometry: square,
      properties: { field_name: 'Hill top' },
    });
  });

  it("says Can't update field! with the reason when the server refuses", async () => {
    const { toasts, ui } = renderManage({
      'PUT /v2/fields/x1': { status: 403, body: { detail: 'You can only view this farm' } },
    });
    await ui.click(screen.getByRole('button', { name: 'Edit Creek' }));
    await ui.click(screen.getByRole('button', { name: 'Finish Editing' }));
    await chooseCropType(ui, 'Other');
    await ui.click(screen.getByRole('button', { name: 'Save Field' }));
    await waitFor(() => expect(toasts).toEqual(["Can't update field! You can only view this farm"]));
  });

  it('asks before switching fields while editing; Save changes and continue saves, then opens the other field', async () => {
    const saved = makeField('x1', {
      field_name: 'Creek',
      field_crop_type: 'Canola',
      updated_on: '2024-06-01T00:00:00.000Z',
    });
    const { store, server, ui } = renderManage({ 'PUT /v2/fields/x1': { status: 200, body: saved } });
    await ui.click(screen.getByRole('button', { name: 'Edit Creek' }));
    await ui.click(screen.getByRole('button', { name: 'Finish Editing' }));
    await chooseCropType(ui, 'Canola');

    act(() => mockClicks.click?.('x2'));
    const ask = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(ask).toHaveTextContent('You are switching to other field');
    await ui.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(store.getState().currentField).toBe('x1');

    act(() => mockClicks.click?.('x2'));
    await ui.click(await screen.findByRole('button', { name: 'Save changes and continue' }));
    await waitFor(() => expect(store.getState().currentField).toBe('x2'));
    expect(server.find('PUT', '/v2/fields/x1')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Save changes and continue without a crop type keeps the user on the field and asks for it', async () => {
    const { store, toasts, ui } = renderManage();
    await ui.click(screen.getByRole('button', { name: 'Edit Creek' }));
    act(() => mockClicks.click?.('x2'));
    await ui.click(await screen.findByRole('button', { name: 'Save changes and continue' }));
    expect(toasts).toEqual(['We need you to provide us the crop type for your field']);
    expect(store.getState()).toMatchObject({ currentField: 'x1', drawing: { phase: 'details', pendingSwitch: null } });
    expect(screen.getByRole('region', { name: 'Field Details' })).toBeInTheDocument();
  });

  it("the Boundaries toolbar's delete needs a field, then confirms", async () => {
    const { toasts, server, ui } = renderManage({ 'DELETE /v2/fields/x2': { status: 204 } });
    await ui.click(screen.getByRole('button', { name: 'Edit Fields' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Boundaries' });
    await ui.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    expect(toasts).toEqual(['Select a field to delete!']);

    act(() => mockClicks.click?.('x2'));
    await ui.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    await ui.click(
      within(screen.getByRole('alertdialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Yes, delete anyway.',
      }),
    );
    await waitFor(() => expect(toasts).toContain('Field deleted successfully!'));
    expect(server.find('DELETE', '/v2/fields/x2')).toHaveLength(1);
    expect(screen.queryByRole('checkbox', { name: 'Hill' })).not.toBeInTheDocument();
  });

  it('Back leaves manage mode; Cancel discards a drawing', async () => {
    const { store, ui } = renderManage();
    await ui.click(screen.getByRole('button', { name: 'Edit Fields' }));
    await ui.click(within(screen.getByRole('toolbar', { name: 'Boundaries' })).getByRole('button', { name: 'Create' }));
    act(() => store.getState().sketchClosed(square, 100.9));
    await ui.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(store.getState()).toMatchObject({
      manageStatus: 'create-boundaries',
      drawing: { phase: 'idle', geometry: null },
    });
    await ui.click(within(screen.getByRole('toolbar', { name: 'Boundaries' })).getByRole('button', { name: 'Back' }));
    expect(store.getState().mode).toBe('view');
    expect(screen.queryByRole('toolbar', { name: 'Boundaries' })).not.toBeInTheDocument();
  });
});
