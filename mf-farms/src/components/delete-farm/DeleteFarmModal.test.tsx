import { act, screen, waitFor, within } from '@testing-library/react';
import { detailReply, fieldsReply, listReply, makeFarm } from '../../testing/fixtures';
import { renderFarms } from '../../testing/harness';
import { confirmsName } from './DeleteFarmModal';

const farm = makeFarm({ farm_id: 'f1', farm_name: 'North Farm' });
const other = makeFarm({ farm_id: 'f2', farm_name: 'South Farm' });

afterEach(() => jest.useRealTimers());

describe('delete-farm modal', () => {
  it('compares the typed name with the farm name, both trimmed and case-sensitive', () => {
    expect(confirmsName('  North Farm ', 'North Farm')).toBe(true);
    expect(confirmsName('North Farm', ' North Farm  ')).toBe(true);
    expect(confirmsName('north farm', 'North Farm')).toBe(false);
    expect(confirmsName('North', 'North Farm')).toBe(false);
  });

  it('enables Delete only on the exact name, toasts, then reloads the list 1 s later', async () => {
    jest.useFakeTimers();
    const routes = { 'GET /v2/farms': listReply([farm, other]), 'DELETE /v2/farms/f1': { status: 204 } };
    const { ui, server, toasts, farmEvents } = renderFarms({
      route: '/farms',
      routes,
      advanceTimers: jest.advanceTimersByTime,
    });
    await ui.click(await screen.findByRole('button', { name: 'Delete North Farm' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Farm' });
    expect(dialog).toHaveTextContent(
      'Deleting this farm also includes its corresponding fields. This action cannot be undone.',
    );

    const confirm = within(dialog).getByRole('button', { name: 'Delete Farm' });
    const input = within(dialog).getByLabelText('Type North Farm to confirm');
    expect(confirm).toBeDisabled();
    await ui.type(input, 'north farm');
    expect(confirm).toBeDisabled();
    await ui.clear(input);
    await ui.type(input, ' North Farm ');
    expect(confirm).toBeEnabled();

    routes['GET /v2/farms'] = listReply([other]);
    await ui.click(confirm);
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'Farm deleted successfully!' }]));
    expect(farmEvents).toEqual([{ farmId: 'f1', change: 'deleted' }]);
    expect(server.find('DELETE', '/v2/farms/f1')).toHaveLength(1);

    await act(async () => {
      jest.advanceTimersByTime(999);
    });
    expect(server.find('GET', '/v2/farms')).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    await waitFor(() => expect(server.find('GET', '/v2/farms')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'North Farm' })).not.toBeInTheDocument());
  });

  it("keeps the modal and shows the server's detail when the delete is refused", async () => {
    const routes = {
      'GET /v2/farms': listReply([farm]),
      'DELETE /v2/farms/f1': detailReply('Only the owner can delete this farm', 403),
    };
    const { ui, toasts } = renderFarms({ route: '/farms', routes });
    await ui.click(await screen.findByRole('button', { name: 'Delete North Farm' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Farm' });
    await ui.type(within(dialog).getByLabelText('Type North Farm to confirm'), 'North Farm');
    await ui.click(within(dialog).getByRole('button', { name: 'Delete Farm' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'Only the owner can delete this farm' }]));
    expect(screen.getByRole('alertdialog', { name: 'Delete Farm' })).toBeInTheDocument();
  });

  it('goes to the farms list 1 s after deleting from the details page', async () => {
    jest.useFakeTimers();
    const routes = {
      'GET /v2/farms/f1': { status: 200, body: farm },
      'GET /v2/farms/f1/fields': fieldsReply([]),
      'DELETE /v2/farms/f1': { status: 204 },
      'GET /v2/farms': listReply([other]),
    };
    const { ui, toasts } = renderFarms({ route: '/farms/f1/details', routes, advanceTimers: jest.advanceTimersByTime });
    await ui.click(await screen.findByRole('button', { name: 'Delete Farm' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Farm' });
    await ui.type(within(dialog).getByLabelText('Type North Farm to confirm'), 'North Farm');
    await ui.click(within(dialog).getByRole('button', { name: 'Delete Farm' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'Farm deleted successfully!' }]));

    await act(async () => {
      jest.advanceTimersByTime(999);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'North Farm' })).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Farms & Fields' })).toBeInTheDocument();
  });
});
