import { act, screen, waitFor, within } from '@testing-library/react';
import { detailReply, fieldsReply, listReply, makeCollaborator, makeFarm, makeField } from '../../testing/fixtures';
import { holdRequests, navigatedTo, queryOf, renderFarms, type Routes } from '../../testing/harness';

const LIST = '/v2/farms';
const north = makeFarm({
  farm_id: 'f1',
  farm_name: 'North Farm',
  number_of_fields: 3,
  farm_area: 1234.5,
  updated_on: '2024-03-05T10:00:00.000Z',
  collaborators: ['ann@x.io', 'bob@x.io', 'cy@x.io', 'dee@x.io', 'eve@x.io'].map((e) => makeCollaborator(e)),
});
const south = makeFarm({ farm_id: 'f2', farm_name: 'South Farm', is_favorite: true });

const listRoutes = (extra: Routes = {}): Routes => ({
  [`GET ${LIST}`]: listReply([north, south], { total_pages: 3, total_count: 25 }),
  ...extra,
});

async function renderList(options: Partial<Parameters<typeof renderFarms>[0]> = {}) {
  const view = renderFarms({ route: '/farms', routes: listRoutes(), ...options });
  await screen.findByRole('link', { name: 'North Farm' });
  return view;
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
const listQueries = (server: { find(m: string, p: string): Array<{ url: string }> }) =>
  server.find('GET', LIST).map((r) => queryOf(r.url));

beforeEach(() => window.history.replaceState(null, '', '/farms'));
afterEach(() => jest.useRealTimers());

describe('farms list', () => {
  it('shows each farm of the page with its collaborators, fields, area and last update', async () => {
    const { server } = await renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Farms & Fields' })).toBeInTheDocument();
    expect(listQueries(server)).toEqual([{ skip: '0', limit: '10', sort_by: 'updated_on', sort_dir: 'desc' }]);

    const first = within(row('North Farm'));
    const avatars = first.getAllByRole('listitem');
    expect(avatars.map((a) => a.querySelector('[aria-hidden]')?.textContent)).toEqual(['AN', 'BO', 'CY', '+2']);
    expect(avatars.map((a) => a.textContent)).toEqual(['ANann@x.io', 'BObob@x.io', 'CYcy@x.io', '+2and 2 more']);
    expect(first.getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(first.getByRole('cell', { name: '1,234.50' })).toBeInTheDocument();
    expect(first.getByRole('cell', { name: '5 Mar 2024' })).toBeInTheDocument();
    expect(within(row('South Farm')).getByText('No Collaborator')).toBeInTheDocument();
  });

  it('opens the farm map when a row is clicked, and the details page from its details action', async () => {
    const { ui } = await renderList();
    await ui.click(within(row('North Farm')).getByRole('cell', { name: '3' }));
    expect(navigatedTo().path).toBe('/farms/f1');

    await ui.click(screen.getByRole('link', { name: 'Details of South Farm' }));
    expect(await screen.findByRole('heading', { name: 'Farm not found' })).toBeInTheDocument();
  });

  it('sends the search lower-cased 1500 ms after the last keystroke, not before, showing that it is searching', async () => {
    jest.useFakeTimers();
    const { ui, server } = await renderList({ advanceTimers: jest.advanceTimersByTime });
    await ui.type(screen.getByRole('searchbox', { name: 'Search farms' }), 'NoRth');
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');

    // Let any request that 1499 ms might have started reach the server before looking.
    await act(async () => {
      jest.advanceTimersByTime(1499);
    });
    expect(listQueries(server).some((q) => 'search_query' in q)).toBe(false);

    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ search_query: 'north', skip: '0' }));
    expect(listQueries(server).filter((q) => 'search_query' in q)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
  });

  it('asks for other pages and page sizes with skip and limit', async () => {
    const { ui, server } = await renderList();
    const pager = screen.getByRole('navigation', { name: 'Farms pagination' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();

    await ui.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ skip: '10', limit: '10' }));
    await ui.click(within(pager).getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ skip: '20', limit: '10' }));

    await ui.selectOptions(within(pager).getByLabelText('Rows per page'), '20');
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ skip: '0', limit: '20' }));
    expect(within(pager).getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20');
    expect([...within(pager).getAllByRole('option')].map((o) => o.textContent)).toEqual(['5', '10', '15', '20']);
  });

  it('sorts by a column header, flipping the direction on a second click, and marks it with aria-sort', async () => {
    const { ui, server } = await renderList();
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Last Updated')).toHaveAttribute('aria-sort', 'descending');

    await ui.click(screen.getByRole('button', { name: 'Farm Name' }));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ sort_by: 'farm_name', sort_dir: 'asc' }));
    expect(header('Farm Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Last Updated')).toHaveAttribute('aria-sort', 'none');

    await ui.click(screen.getByRole('button', { name: 'Farm Name' }));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ sort_by: 'farm_name', sort_dir: 'desc' }));

    await ui.click(screen.getByRole('button', { name: 'Total Area in ha' }));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ sort_by: 'farm_area', sort_dir: 'desc' }));
    await ui.click(screen.getByRole('button', { name: 'No. of Fields' }));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ sort_by: 'number_of_fields' }));
  });

  it('filters by favourites when the dashboard asks for it, until the filter is removed', async () => {
    const { ui, server } = await renderList({ state: { favourites: true } });
    expect(listQueries(server)[0]).toMatchObject({ is_favorite: 'true' });

    await ui.click(screen.getByRole('button', { name: 'Remove Filter By Favourites' }));
    await waitFor(() => expect(listQueries(server)).toHaveLength(2));
    expect(listQueries(server)[1]).not.toHaveProperty('is_favorite');
    expect(screen.queryByRole('button', { name: 'Remove Filter By Favourites' })).not.toBeInTheDocument();
  });

  it("enables 'Share Multiple Farms' only when more than one farm is ticked", async () => {
    const { ui } = await renderList();
    const shareMany = screen.getByRole('button', { name: 'Share Multiple Farms' });
    expect(shareMany).toBeDisabled();
    await ui.click(screen.getByRole('checkbox', { name: 'Select North Farm' }));
    expect(shareMany).toBeDisabled();
    await ui.click(screen.getByRole('checkbox', { name: 'Select South Farm' }));
    expect(shareMany).toBeEnabled();
    await ui.click(screen.getByRole('checkbox', { name: 'Select North Farm' }));
    expect(shareMany).toBeDisabled();

    await ui.click(screen.getByRole('checkbox', { name: 'Select all farms on this page' }));
    expect(shareMany).toBeEnabled();
  });

  it("expands one row at a time, listing that farm's fields with an outline, crop type, area and update", async () => {
    const routes = listRoutes({
      'GET /v2/farms/f1/fields': fieldsReply([
        makeField({ id: 'a', field_name: 'Creek Paddock', field_crop_type: 'Wheat', area: 20 }),
        makeField({ id: 'b', field_name: 'Hill' }),
      ]),
      'GET /v2/farms/f2/fields': fieldsReply([]),
    });
    const { ui, server } = await renderList({ routes });
    const expandNorth = screen.getByRole('button', { name: 'Fields of North Farm' });
    expect(expandNorth).toHaveAttribute('aria-expanded', 'false');
    expect(server.find('GET', '/v2/farms/f1/fields')).toHaveLength(0);

    await ui.click(expandNorth);
    const fields = await screen.findByRole('list', { name: 'Fields of North Farm' });
    expect(expandNorth).toHaveAttribute('aria-expanded', 'true');
    expect(within(fields).getByRole('img', { name: 'Outline of Creek Paddock' })).toBeInTheDocument();
    expect(within(fields).getByText('Wheat')).toBeInTheDocument();
    expect(within(fields).getByText('Select Crop Type')).toBeInTheDocument();
    expect(within(fields).getByText('20.00 ha')).toBeInTheDocument();
    expect(within(fields).getAllByText('1 Feb 2024')).toHaveLength(2);

    await ui.click(screen.getByRole('button', { name: 'Fields of South Farm' }));
    expect(await screen.findByText('This farm has no fields yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Fields of North Farm' })).not.toBeInTheDocument();
    expect(expandNorth).toHaveAttribute('aria-expanded', 'false');
  });

  it('flips the star at once, sends it, and flips it back with a toast when the server refuses', async () => {
    const hold = holdRequests('PUT', '/v2/farms/f1');
    const { ui, server, toasts } = await renderList({
      routes: listRoutes({ 'PUT /v2/farms/f1': { status: 500, body: { detail: 'Could not save your favourite' } } }),
      wrapFetch: hold.wrap,
    });
    const star = screen.getByRole('button', { name: 'Favourite North Farm' });
    expect(star).toHaveAttribute('aria-pressed', 'false');

    await ui.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    hold.release();

    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    expect(server.find('PUT', '/v2/farms/f1')[0]?.body).toEqual({ data: { is_account_farm_favorite: true } });
    expect(toasts).toEqual([{ kind: 'error', message: 'Could not save your favourite' }]);
  });

  it('keeps the star when the server accepts it', async () => {
    const { ui, server, toasts } = await renderList({ routes: listRoutes({ 'PUT /v2/farms/f2': { status: 204 } }) });
    const star = screen.getByRole('button', { name: 'Favourite South Farm' });
    await ui.click(star);
    await waitFor(() => expect(server.find('PUT', '/v2/farms/f2')).toHaveLength(1));
    expect(server.find('PUT', '/v2/farms/f2')[0]?.body).toEqual({ data: { is_account_farm_favorite: false } });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(toasts).toEqual([]);
  });

  it('gives a viewer no star toggle, no delete and no share, and an editor no delete or share', async () => {
    const viewer = makeFarm({ farm_id: 'v', farm_name: 'Viewed Farm', permission: 'viewer', is_favorite: true });
    const editor = makeFarm({ farm_id: 'e', farm_name: 'Edited Farm', permission: 'editor' });
    renderFarms({ route: '/farms', routes: { [`GET ${LIST}`]: listReply([viewer, editor]) } });
    await screen.findByRole('link', { name: 'Viewed Farm' });

    expect(screen.queryByRole('button', { name: 'Favourite Viewed Farm' })).not.toBeInTheDocument();
    expect(within(row('Viewed Farm')).getByRole('img', { name: 'Favourite' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Viewed Farm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share Viewed Farm' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Viewed Farm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'View Viewed Farm' })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Favourite Edited Farm' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Edited Farm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share Edited Farm' })).not.toBeInTheDocument();
  });

  it('toasts a failed load and offers a retry', async () => {
    const routes: Routes = { [`GET ${LIST}`]: detailReply('Token has expired', 401) };
    const { ui, toasts } = renderFarms({ route: '/farms', routes });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your farms');
    expect(alert).toHaveTextContent('Token has expired');
    expect(toasts).toEqual([{ kind: 'error', message: 'Token has expired' }]);

    routes[`GET ${LIST}`] = listReply([north]);
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'North Farm' })).toBeInTheDocument();
  });

  it("invites a user without farms to create one, and opens the create modal from the host's add menu", async () => {
    const { ui } = renderFarms({ route: '/farms', routes: { [`GET ${LIST}`]: listReply([]) } });
    expect(await screen.findByRole('heading', { name: 'No farms yet' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Create Farm' });
    expect(buttons).toHaveLength(2);
    await ui.click(buttons[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Farm management done right.' })).toBeInTheDocument();
  });

  it('opens the create-farm modal from navigation state {createFarm: true}, once', async () => {
    const { ui } = renderFarms({ route: '/farms', routes: listRoutes(), state: { createFarm: true } });
    const dialog = await screen.findByRole('dialog', { name: 'Farm management done right.' });
    await ui.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'North Farm' })).toBeInTheDocument();
  });
});
