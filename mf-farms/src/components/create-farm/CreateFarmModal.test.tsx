import { screen, waitFor, within } from '@testing-library/react';
import { listReply, makeFarm } from '../../testing/fixtures';
import { navigatedTo, renderFarms, type Routes } from '../../testing/harness';

const created = makeFarm({ farm_id: 'new-1', farm_name: 'Riverside' });

async function openModal(routes: Routes = {}) {
  const view = renderFarms({ route: '/farms', routes: { 'GET /v2/farms': listReply([]), ...routes } });
  await screen.findByRole('heading', { name: 'No farms yet' });
  await view.ui.click(screen.getAllByRole('button', { name: 'Create Farm' })[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: 'Farm management done right.' });
  return { ...view, dialog };
}

beforeEach(() => window.history.replaceState(null, '', '/farms'));

describe('create-farm modal', () => {
  it('makes both options look disabled until a name is typed', async () => {
    const { ui, dialog } = await openModal();
    const draw = within(dialog).getByRole('button', { name: 'Draw on map' });
    const importFile = within(dialog).getByRole('button', { name: 'Import farm from file' });
    expect(draw).toHaveAttribute('aria-disabled', 'true');
    expect(importFile).toHaveAttribute('aria-disabled', 'true');

    await ui.type(within(dialog).getByLabelText('Name of farm'), 'Riverside');
    expect(draw).not.toHaveAttribute('aria-disabled');
    expect(importFile).not.toHaveAttribute('aria-disabled');
  });

  it("says 'Farm Name is required!' when drawing without a name, and sends nothing", async () => {
    const { ui, dialog, server } = await openModal();
    await ui.type(within(dialog).getByLabelText('Name of farm'), '   ');
    await ui.click(within(dialog).getByRole('button', { name: 'Draw on map' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Farm Name is required!');
    expect(within(dialog).getByLabelText('Name of farm')).toHaveAttribute('aria-invalid', 'true');
    expect(server.find('POST', '/v2/farms')).toHaveLength(0);
  });

  it('creates the farm with the trimmed name, announces it and opens its map in drawing mode', async () => {
    const { ui, dialog, server, farmEvents } = await openModal({ 'POST /v2/farms': { status: 201, body: created } });
    await ui.type(within(dialog).getByLabelText('Name of farm'), '  Riverside ');
    await ui.click(within(dialog).getByRole('button', { name: 'Draw on map' }));

    await waitFor(() => expect(navigatedTo()).toEqual({ path: '/farms/new-1', state: { draw: true } }));
    expect(server.find('POST', '/v2/farms')[0]?.body).toEqual({ data: { farm_name: 'Riverside' } });
    expect(farmEvents).toEqual([{ farmId: 'new-1', change: 'created' }]);
  });

  it('creates on Enter too, and shows the first validation message of a refused name', async () => {
    const refusal = {
      status: 422,
      body: {
        detail: [
          { loc: ['body', 'data', 'farm_name'], msg: 'A farm with this name already exists', type: 'value_error' },
        ],
      },
    };
    const { ui, dialog, toasts } = await openModal({ 'POST /v2/farms': refusal });
    await ui.type(within(dialog).getByLabelText('Name of farm'), 'Riverside{Enter}');
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'A farm with this name already exists' }]));
    expect(screen.getByRole('dialog', { name: 'Farm management done right.' })).toBeInTheDocument();
  });

  it('hands the name to the import wizard, whose Go Back returns to the modal with the name kept', async () => {
    const { ui, dialog, server } = await openModal({
      'GET /v2/farms/crop_types/list': { status: 200, body: { data: { crop_types: ['Wheat', 'Other'] } } },
    });
    await ui.type(within(dialog).getByLabelText('Name of farm'), 'Riverside');
    await ui.click(within(dialog).getByRole('button', { name: 'Import farm from file' }));

    expect(await screen.findByRole('list', { name: 'Import steps' })).toHaveTextContent('Upload File');
    const wizard = screen.getByRole('dialog', { name: 'Import farm from file' });
    expect(server.find('POST', '/v2/farms')).toHaveLength(0);

    await ui.click(within(wizard).getByRole('button', { name: 'Go Back' }));
    const back = await screen.findByRole('dialog', { name: 'Farm management done right.' });
    expect(within(back).getByLabelText('Name of farm')).toHaveValue('Riverside');
  });
});
