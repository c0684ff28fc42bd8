import { act, screen, waitFor, within } from '@testing-library/react';
import { makeProfile } from '@paddock/shared/testing';
import type { FakeReply, Routes } from '@paddock/shared/testing';
import type { FarmRole, FieldFeature } from '@paddock/shared/contracts';
import { fieldsReply, makeFarm, makeField, makeFields } from '../testing/fixtures';
import { messagesOf, renderMapPage } from '../testing/harness';

const mockHandle = jest.requireActual<typeof import('../testing/harness')>('../testing/harness').fakeMapHandle();
const mockClicks: { click?: (fieldId: string) => void } = {};
jest.mock('../map-core/FarmMapView', () => ({
  __esModule: true,
  default: jest
    .requireActual<typeof import('../testing/harness')>('../testing/harness')
    .fakeMapView(mockHandle, mockClicks),
}));

const mockImport = {
  mounted: [] as Array<{
    farm: { farm_id: string; farm_name: string };
    onSaved(result: { fieldsAdded: number }): void;
    onClose(): void;
  }>,
  fail: false,
};
jest.mock('./farmsModules', () => ({
  loadImportWizard: async () => {
    if (mockImport.fail) throw new Error('remote down');
    return {
      mountImportWizard: (element: HTMLElement, options: (typeof mockImport.mounted)[number]) => {
        mockImport.mounted.push(options);
        element.textContent = 'Import wizard';
        return () => undefined;
      },
    };
  },
  loadFarmDialogs: async () => ({
    mountShareModal: (element: HTMLElement, options: (typeof mockDialogs.mounted)[number]) => {
      mockDialogs.mounted.push({ ...options, kind: 'share' });
      element.textContent = 'Share dialog';
      return () => undefined;
    },
    mountDeleteFarmModal: (element: HTMLElement, options: (typeof mockDialogs.mounted)[number]) => {
      mockDialogs.mounted.push({ ...options, kind: 'delete' });
      element.textContent = 'Delete farm dialog';
      return () => undefined;
    },
  }),
}));
const mockDialogs = {
  mounted: [] as Array<{
    kind?: string;
    farm: { farm_id: string; farm_name: string };
    onClose(): void;
    onDeleted?(): void;
    onShared?(): void;
  }>,
};

function farmRoutes(
  role: FarmRole = 'owner',
  fields: FieldFeature[] = [
    makeField('x1', { field_name: 'Creek', area: 12.345, field_crop_type: 'Barley' }),
    makeField('x2', {}, 1),
  ],
): Routes {
  return {
    'GET /v2/farms/f1': { status: 200, body: makeFarm('f1', role) },
    'GET /v2/farms/f1/fields': fieldsReply(fields),
    'GET /v2/farms/crop_types/list': { status: 200, body: { data: { crop_types: ['Barley', 'Canola', 'Other'] } } },
  };
}

const premiumWithMultiSelect = makeProfile(
  {},
  {
    tier: { key: 'premium', name: 'Advanced' },
    feature_flags: [
      { feature_flag: 'field:multi_select', enabled: true, modal_title: 'Multi', modal_description: 'Select many' },
    ],
  },
);

describe('farm map page', () => {
  it("shows the farm's name as the page heading and each field with its area and crop", async () => {
    renderMapPage({ routes: farmRoutes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kurrajong Downs' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Fields' });
    expect(within(list).getByRole('checkbox', { name: 'Creek' })).toHaveAccessibleDescription('12.35 ha · Barley');
    expect(within(list).getByRole('checkbox', { name: 'Field x2' })).toHaveAccessibleDescription(
      '100.50 ha · No crop type',
    );
    expect(screen.getByText('2 fields · 112.85 ha')).toBeInTheDocument();
  });

  it("says 'Farm not found' for a farm the user cannot see", async () => {
    renderMapPage({ routes: { 'GET /v2/farms/f1': { status: 404, body: { detail: 'Farm not found' } } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Farm not found' })).toBeInTheDocument();
    expect(screen.queryByTestId('farm-map')).not.toBeInTheDocument();
  });

  it('offers a retry when the farm cannot be loaded, keeping a page heading', async () => {
    const { server } = renderMapPage({
      routes: { 'GET /v2/farms/f1': { status: 500, body: { detail: 'Database unavailable' } } },
    });
    expect(await screen.findByRole('heading', { name: 'This farm could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Farm map');
    expect(server.find('GET', '/v2/farms/f1').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('gives owners every editing control and the whole more-menu', async () => {
    const { ui } = renderMapPage({ routes: farmRoutes('owner') });
    await screen.findByRole('heading', { level: 1, name: 'Kurrajong Downs' });
    expect(screen.getByRole('button', { name: 'Add Field' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Fields' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Creek' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Creek' })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Rename Farm',
      'Delete Farm',
      'Invite Collaborator',
      'View Tutorial',
    ]);
  });

  it('shows a viewer no editing controls, and only the tutorial in the more-menu', async () => {
    const { ui } = renderMapPage({ routes: farmRoutes('viewer') });
    await screen.findByRole('heading', { level: 1, name: 'Kurrajong Downs' });
    for (const name of ['Add Field', 'Edit Fields', 'Edit Creek', 'Delete Creek']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await ui.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View Tutorial']);
    act(() => mockClicks.click?.('x1'));
    expect(screen.queryByRole('toolbar', { name: 'Boundaries' })).not.toBeInTheDocument();
  });

  it('an editor may rename but not delete or share the farm', async () => {
    const { ui } = renderMapPage({ routes: farmRoutes('editor') });
    await screen.findByRole('heading', { level: 1, name: 'Kurrajong Downs' });
    await ui.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Rename Farm', 'View Tutorial']);
  });

  it('selects one field at a time for a Basic user and offers Advanced for more', async () => {
    const { ui } = renderMapPage({ routes: farmRoutes() });
    await screen.findByRole('heading', { level: 1, name: 'Kurrajong Downs' });
    expect(screen.getByText(/Enable multi-field selection/)).toBeInTheDocument();
    await ui.click(screen.getByRole('checkbox', { name: 'Creek' }));
    await ui.click(screen.getByRole('checkbox', { name: 'Field x2' }));
    expect(screen.getByRole('checkbox', { name: 'Creek' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Field x2' })).toBeChecked();
    expect(mockHandle.zoomToFields).toHaveBeenLastCalledWith(['x2']);

    await ui.click(screen.getByRole('checkbox', { name: 'Select All' }));
    const upsell = screen.getByRole('dialog', { name: 'Enable multi-field selection' });
    expect(within(upsell).getByRole('button', { name: 'Get Advanced' })).toBeInTheDocument();
    await ui.click(within(upsell).getByRole('button', { name: 'Not now' }));
    expect(screen.getByRole('checkbox', { name: 'Field x2' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Creek' })).not.toBeChecked();
  });

  it('lets an Advanced user with the flag select many, warning past 50 fields', async () => {
    const { ui } = renderMapPage({
      routes: farmRoutes('owner', makeFields(51)),
      props: { profile: premiumWithMultiSelect },
    });
    await screen.findByRole('heading', { level: 1, name: 'Kurrajong Downs' });
    expect(screen.queryByText(/Enable multi-field selection/)).not.toBeInTheDocument();
    await ui.click(screen.getByRole('checkbox', { name: 'Select All' }));
    const warning = screen.getByRole('alertdialog', { name: 'Too many fields selected' });
    expect(within(warning).getByRole('button', { name: 'Okay, let me proceed' })).toBeInTheDocument();
    await ui.click(within(warning).getByRole('button', { name: 'Unselect all fields' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select All' })).not.toBeChecked();
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('a click on the map selects the field in view mode', async () => {
    renderMapPage({ routes: farmRoutes() });
    await screen.findByRole('heading', { level: 1, name: 'Kurrajong Downs' });
    await waitFor(() => expect(mockClicks.click).toBeDefined());
    act(() => mockClicks.click?.('x2'));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Field x2' })).toBeChecked());
  });

  it('arriving with { selectedField, view } selects and shows that field', async () => {
    renderMapPage({ routes: farmRoutes(), state: { selectedField: 'x2', view: true } });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Field x2' })).toBeChecked());
    expect(mockHandle.zoomToFields).toHaveBeenCalledWith(['x2']);
  });

  it('arriving with { draw: true } opens manage mode ready to draw', async () => {
    renderMapPage({ routes: farmRoutes(), state: { draw: true } });
    expect(await screen.findByRole('toolbar', { name: 'Boundaries' })).toBeInTheDocument();
    expect(screen.getByText(/Click the map to place each corner/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish Editing' })).toBeInTheDocument();
  });

  it('deletes a field from the list after the spec confirmation', async () => {
    const routes = { ...farmRoutes(), 'DELETE /v2/fields/x1': { status: 204 } };
    const { ui, server, toasts, farmEvents } = renderMapPage({ routes });
    await ui.click(await screen.findByRole('button', { name: 'Delete Creek' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('Deleting this field will remove all associated layers.');
    expect(within(confirm).getByRole('button', { name: 'No' })).toBeInTheDocument();
    await ui.click(within(confirm).getByRole('button', { name: 'Yes, delete anyway.' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Creek' })).not.toBeInTheDocument());
    expect(server.find('DELETE', '/v2/fields/x1')).toHaveLength(1);
    expect(messagesOf(toasts)).toContain('Field deleted successfully!');
    expect(farmEvents).toEqual([{ farmId: 'f1', change: 'updated' }]);
  });

  it('keeps the field and says so when the server refuses the delete', async () => {
    const routes = {
      ...farmRoutes(),
      'DELETE /v2/fields/x1': { status: 403, body: { detail: 'Viewers cannot change fields' } },
    };
    const { ui, toasts } = renderMapPage({ routes });
    await ui.click(await screen.findByRole('button', { name: 'Delete Creek' }));
    await ui.click(screen.getByRole('button', { name: 'Yes, delete anyway.' }));
    await waitFor(() => expect(messagesOf(toasts)).toContain("Can't delete field! Viewers cannot change fields"));
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toBeInTheDocument();
    // Behind the dialog (hidden from assistive technology while it is open), the field is still listed.
    expect(screen.getByRole('checkbox', { name: 'Creek', hidden: true })).toBeInTheDocument();
  });

  it('the measure tools toggle and their delete clears the measurements', async () => {
    const { ui } = renderMapPage({ routes: farmRoutes() });
    const distance = await screen.findByRole('button', { name: 'Measure distance' });
    await ui.click(distance);
    expect(distance).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('paddock.map.measure')).toBe('line');
    await ui.click(screen.getByRole('button', { name: 'Measure area' }));
    expect(distance).toHaveAttribute('aria-pressed', 'false');
    await ui.click(screen.getByRole('button', { name: 'Delete measurements' }));
    expect(screen.getByRole('button', { name: 'Measure area' })).toHaveAttribute('aria-pressed', 'false');
    expect(mockHandle.clearMeasurements).toHaveBeenCalled();
    expect(window.localStorage.getItem('paddock.map.measure')).toBeNull();
  });

  it('the search box finds a field by name, zooms to it and selects it', async () => {
    const { ui } = renderMapPage({ routes: farmRoutes() });
    await screen.findByRole('heading', { level: 1, name: 'Kurrajong Downs' });
    await ui.type(screen.getByRole('combobox', { name: 'Search fields and places on the map' }), 'cre');
    await ui.click(await screen.findByRole('option', { name: /Creek/ }));
    expect(mockHandle.zoomToFields).toHaveBeenLastCalledWith(['x1']);
    expect(screen.getByRole('checkbox', { name: 'Creek' })).toBeChecked();
  });

  it('arriving with { selectedField, edit } opens that field in manage mode', async () => {
    renderMapPage({ routes: farmRoutes(), state: { selectedField: 'x1', edit: true } });
    expect(await screen.findByText(/Drag a corner to move it/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Creek' })).toBeChecked();
    expect(mockHandle.zoomToFields).toHaveBeenCalledWith(['x1']);
  });

  it('renames the farm from the more-menu with the create-farm rules', async () => {
    const renamed = makeFarm('f1', 'owner', 'Kurrajong East');
    const { ui, server, toasts, farmEvents } = renderMapPage({
      routes: { ...farmRoutes(), 'PUT /v2/farms/f1': { status: 200, body: renamed } },
    });
    await ui.click(await screen.findByRole('button', { name: 'More options' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Rename Farm' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Farm' });
    const input = within(dialog).getByRole('textbox', { name: 'Farm name' });
    await ui.clear(input);
    await ui.type(input, '   ');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Farm Name is required!');
    await ui.clear(input);
    await ui.type(input, '  Kurrajong East ');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kurrajong East' })).toBeInTheDocument();
    expect(server.find('PUT', '/v2/farms/f1')[0]?.body).toEqual({ data: { farm_name: 'Kurrajong East' } });
    expect(messagesOf(toasts)).toEqual(['Farm name updated!']);
    expect(farmEvents).toEqual([{ farmId: 'f1', change: 'updated' }]);
  });

  it("Invite Collaborator and Delete Farm open the farms area's dialogs; a deleted farm leads back to /farms a second later", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      mockDialogs.mounted.length = 0;
      const { ui } = renderMapPage({ routes: farmRoutes() });
      await ui.click(await screen.findByRole('button', { name: 'More options' }));
      await ui.click(screen.getByRole('menuitem', { name: 'Invite Collaborator' }));
      expect(await screen.findByText('Share dialog')).toBeInTheDocument();
      expect(mockDialogs.mounted[0]).toMatchObject({
        kind: 'share',
        farm: { farm_id: 'f1', farm_name: 'Kurrajong Downs' },
      });
      act(() => mockDialogs.mounted[0]?.onClose());
      expect(screen.queryByText('Share dialog')).not.toBeInTheDocument();

      await ui.click(screen.getByRole('button', { name: 'More options' }));
      await ui.click(screen.getByRole('menuitem', { name: 'Delete Farm' }));
      expect(await screen.findByText('Delete farm dialog')).toBeInTheDocument();
      expect(mockDialogs.mounted[1]).toMatchObject({
        kind: 'delete',
        farm: { farm_id: 'f1', farm_name: 'Kurrajong Downs' },
      });
      act(() => mockDialogs.mounted[1]?.onDeleted?.());
      expect(window.location.pathname).not.toBe('/farms');
      act(() => jest.advanceTimersByTime(1000));
      expect(window.location.pathname).toBe('/farms');
    } finally {
      jest.useRealTimers();
    }
  });

  it('runs the tutorial on a first visit; skipping it keeps it away, and View Tutorial brings it back', async () => {
    window.localStorage.clear();
    const first = renderMapPage({ routes: farmRoutes('viewer') });
    const tour = await screen.findByRole('region', { name: 'Your fields' });
    expect(tour).toHaveTextContent('Step 1 of 6');
    await first.ui.click(within(tour).getByRole('button', { name: 'Skip tutorial' }));
    expect(screen.queryByRole('region', { name: 'Your fields' })).not.toBeInTheDocument();
    first.unmount();

    const { ui } = renderMapPage({ routes: farmRoutes('viewer') });
    await ui.click(await screen.findByRole('button', { name: 'More options' }));
    expect(screen.queryByRole('region', { name: 'Your fields' })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('menuitem', { name: 'View Tutorial' }));
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('region', { name: 'Layers and calculations' })).toHaveTextContent('Step 2 of 6');
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('region', { name: 'Your fields' })).toBeInTheDocument();
  });

  it('arriving with { tutorial: true } (the dashboard’s tutorial link) runs the tour even when it was skipped', async () => {
    window.localStorage.clear();
    const first = renderMapPage({ routes: farmRoutes() });
    const tour = await screen.findByRole('region', { name: 'Your fields' });
    await first.ui.click(within(tour).getByRole('button', { name: 'Skip tutorial' }));
    first.unmount();

    renderMapPage({ routes: farmRoutes(), state: { tutorial: true } });
    expect(await screen.findByRole('region', { name: 'Your fields' })).toHaveTextContent('Step 1 of 6');
  });

  it("Import Field opens the farms area's wizard for this farm and reloads the fields it saved", async () => {
    mockImport.mounted.length = 0;
    mockImport.fail = false;
    let fields: FakeReply = fieldsReply([makeField('x1', { field_name: 'Creek' }), makeField('x2', {}, 1)]);
    const routes = { ...farmRoutes(), 'GET /v2/farms/f1/fields': () => fields };
    const { ui, farmEvents } = renderMapPage({ routes });
    await ui.click(await screen.findByRole('button', { name: 'Add Field' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Import Field' }));
    expect(await screen.findByText('Import wizard')).toBeInTheDocument();
    expect(mockImport.mounted[0]?.farm).toEqual({ farm_id: 'f1', farm_name: 'Kurrajong Downs' });

    fields = fieldsReply([
      makeField('x1', { field_name: 'Creek' }),
      makeField('x2', {}, 1),
      makeField('x9', { field_name: 'Imported' }, 2),
    ]);
    act(() => mockImport.mounted[0]?.onSaved({ fieldsAdded: 1 }));
    expect(await screen.findByRole('checkbox', { name: 'Imported' })).toBeInTheDocument();
    expect(farmEvents).toEqual([{ farmId: 'f1', change: 'updated' }]);
    act(() => mockImport.mounted[0]?.onClose());
    expect(screen.queryByText('Import wizard')).not.toBeInTheDocument();
  });

  it('says so when the import wizard cannot be loaded', async () => {
    mockImport.fail = true;
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { ui, toasts } = renderMapPage({ routes: farmRoutes() });
      await ui.click(await screen.findByRole('button', { name: 'Add Field' }));
      await ui.click(screen.getByRole('menuitem', { name: 'Import Field' }));
      await waitFor(() =>
        expect(messagesOf(toasts)).toEqual(['The import wizard could not be loaded. Please try again in a moment.']),
      );
      expect(logged).toHaveBeenCalledWith('[mf_map] a farms dialog could not be loaded', expect.any(Error));
    } finally {
      logged.mockRestore();
      mockImport.fail = false;
    }
  });
});
