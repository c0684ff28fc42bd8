import { screen, waitFor, within } from '@testing-library/react';
import type { FarmProperties } from '@paddock/shared/contracts';
import { detailReply, fieldsReply, listReply, makeCollaborator, makeFarm, makeField } from '../../testing/fixtures';
import { navigatedTo, renderFarms, type Routes } from '../../testing/harness';

const ROUTE = '/farms/f1/details';
const collaborators = [
  makeCollaborator('ann@example.com', { name: 'Ann Lee', permission: 'editor' }),
  makeCollaborator('bob@example.com', { permission: 'viewer', status: 'pending' }),
];
// Field 01 … Field 12, so that the default page of 10 leaves two for page 2.
const fields = Array.from({ length: 12 }, (_, i) =>
  makeField({
    id: `fl${i + 1}`,
    field_name: `Field ${String(i + 1).padStart(2, '0')}`,
    field_crop_type: i === 0 ? 'Barley' : null,
  }),
);

function farmRoutes(properties: Partial<FarmProperties> = {}, extra: Routes = {}): Routes {
  return {
    'GET /v2/farms/f1': {
      status: 200,
      body: makeFarm({ farm_id: 'f1', farm_name: 'North Farm', collaborators, number_of_fields: 12, ...properties }),
    },
    'GET /v2/farms/f1/fields': fieldsReply(fields),
    ...extra,
  };
}

async function renderDetails(routes: Routes = farmRoutes()) {
  const view = renderFarms({ route: ROUTE, routes });
  await screen.findByRole('heading', { level: 1, name: 'North Farm' });
  // React Aria builds the tab collection after the first render.
  await screen.findByRole('tabpanel', { name: 'Field List' });
  return view;
}

const fieldNames = () =>
  within(screen.getByRole('region', { name: 'Fields' }))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

beforeEach(() => window.history.replaceState(null, '', ROUTE));

describe('farm details', () => {
  it('shows the breadcrumb, the location or N/A, and the two tabs', async () => {
    await renderDetails();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(crumbs.getByRole('link', { name: 'Farms & Fields' })).toHaveAttribute('href', '/farms');
    expect(crumbs.getByText('North Farm')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Location').nextSibling).toHaveTextContent('N/A');
    expect(screen.getByRole('tab', { name: 'Field List' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Collaborators' })).toHaveAttribute('aria-selected', 'false');
  });

  it('shows the location when the farm has one, and Go Back without history goes to the list', async () => {
    const { ui } = await renderDetails(
      farmRoutes({ location: 'near Wagga Wagga, NSW' }, { 'GET /v2/farms': listReply([]) }),
    );
    expect(screen.getByText('Location').nextSibling).toHaveTextContent('near Wagga Wagga, NSW');
    await ui.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Farms & Fields' })).toBeInTheDocument();
  });

  it('renames the farm inline with the trimmed name and says so', async () => {
    const { ui, server, toasts, farmEvents } = await renderDetails(
      farmRoutes({}, { 'PUT /v2/farms/f1': { status: 200, body: {} } }),
    );
    await ui.click(screen.getByRole('button', { name: 'Rename farm' }));
    const input = screen.getByLabelText('Farm name');
    expect(input).toHaveFocus();
    await ui.clear(input);
    await ui.type(input, '  Creek Farm {Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Creek Farm' })).toBeInTheDocument();
    expect(server.find('PUT', '/v2/farms/f1')[0]?.body).toEqual({ data: { farm_name: 'Creek Farm' } });
    expect(toasts).toEqual([{ kind: 'success', message: 'Farm name updated!' }]);
    expect(farmEvents).toEqual([{ farmId: 'f1', change: 'updated' }]);
  });

  it('checks the new name: required, at most 100 characters; Escape cancels', async () => {
    const { ui, server } = await renderDetails();
    await ui.click(screen.getByRole('button', { name: 'Rename farm' }));
    const input = screen.getByLabelText('Farm name');
    await ui.clear(input);
    await ui.type(input, '   ');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Farm Name is required!');

    await ui.clear(input);
    await ui.type(input, 'x'.repeat(101));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Farm name must be 100 characters or fewer');
    expect(server.find('PUT', '/v2/farms/f1')).toHaveLength(0);

    await ui.keyboard('{Escape}');
    expect(screen.queryByLabelText('Farm name')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'North Farm' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rename farm' })).toHaveFocus();
  });

  it('searches fields by name on the page, without asking the server', async () => {
    const { ui, server } = await renderDetails();
    expect(fieldNames()).toHaveLength(10);
    await ui.type(screen.getByRole('searchbox', { name: 'Search fields' }), 'field 1');
    expect(fieldNames()).toEqual(['Field 10', 'Field 11', 'Field 12']);
    await ui.type(screen.getByRole('searchbox', { name: 'Search fields' }), 'zzz');
    expect(screen.getByText('No fields match “field 1zzz”.')).toBeInTheDocument();
    expect(server.find('GET', '/v2/farms/f1/fields')).toHaveLength(1);
  });

  it('pages the fields with First, Prev, Next, Last, go-to-page and page sizes', async () => {
    const { ui } = await renderDetails();
    const pager = within(screen.getByRole('navigation', { name: 'Fields pagination' }));
    expect(pager.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'First' })).toBeDisabled();
    expect(pager.getByRole('button', { name: 'Prev' })).toBeDisabled();

    await ui.click(pager.getByRole('button', { name: 'Next' }));
    expect(fieldNames()).toEqual(['Field 11', 'Field 12']);
    expect(pager.getByRole('button', { name: 'Last' })).toBeDisabled();
    await ui.click(pager.getByRole('button', { name: 'First' }));
    expect(fieldNames()[0]).toBe('Field 01');

    await ui.selectOptions(pager.getByLabelText('Rows per page'), '5');
    expect(pager.getByText('Page 1 of 3')).toBeInTheDocument();
    await ui.type(pager.getByLabelText('Go to page'), '3{Enter}');
    expect(fieldNames()).toEqual(['Field 11', 'Field 12']);
    await ui.click(pager.getByRole('button', { name: 'Prev' }));
    expect(fieldNames()).toEqual(['Field 06', 'Field 07', 'Field 08', 'Field 09', 'Field 10']);
    await ui.type(pager.getByLabelText('Go to page'), '99{Enter}');
    expect(pager.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('shows crop types or Select Crop Type, and opens fields on the map to view, edit or draw', async () => {
    const { ui } = await renderDetails();
    const first = within(screen.getByRole('rowheader', { name: 'Field 01' }).closest('tr') as HTMLElement);
    expect(first.getByText('Barley')).toBeInTheDocument();
    expect(
      within(screen.getByRole('rowheader', { name: 'Field 02' }).closest('tr') as HTMLElement).getByText(
        'Select Crop Type',
      ),
    ).toBeInTheDocument();

    await ui.click(first.getByRole('button', { name: 'View Field 01' }));
    expect(navigatedTo()).toEqual({ path: '/farms/f1', state: { selectedField: 'fl1', view: true } });
    await ui.click(first.getByRole('button', { name: 'Edit Field 01' }));
    expect(navigatedTo()).toEqual({ path: '/farms/f1', state: { selectedField: 'fl1', edit: true } });
    await ui.click(screen.getByRole('button', { name: 'Create Field' }));
    expect(navigatedTo()).toEqual({ path: '/farms/f1', state: { draw: true } });
    await ui.click(screen.getByRole('button', { name: 'View Farm' }));
    expect(navigatedTo()).toEqual({ path: '/farms/f1', state: null });
  });

  it('deletes a field after confirmation, and says so', async () => {
    const { ui, server, toasts } = await renderDetails(farmRoutes({}, { 'DELETE /v2/fields/fl2': { status: 204 } }));
    await ui.click(screen.getByRole('button', { name: 'Delete Field 02' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Deleting this field will remove all associated layers.');
    await ui.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.find('DELETE', '/v2/fields/fl2')).toHaveLength(0);

    await ui.click(screen.getByRole('button', { name: 'Delete Field 02' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Yes, delete anyway.' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'Field deleted successfully!' }]));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Field 02' })).not.toBeInTheDocument());
    expect(server.find('DELETE', '/v2/fields/fl2')).toHaveLength(1);
  });

  it("says Can't delete field! when the delete fails", async () => {
    const { ui, toasts } = await renderDetails(
      farmRoutes({}, { 'DELETE /v2/fields/fl2': detailReply('Field is locked', 409) }),
    );
    await ui.click(screen.getByRole('button', { name: 'Delete Field 02' }));
    await ui.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete anyway.' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: "Can't delete field!" }]));
    // The confirmation stays for another try; the field is still listed behind it.
    await ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'Field 02' })).toBeInTheDocument();
  });

  it('lists collaborators with names, pending invitations and roles, and revokes a pending one with the server message', async () => {
    const routes = farmRoutes(
      {},
      {
        'POST /v2/farms/f1/remove_collaborator/bob%40example.com': {
          status: 200,
          body: { data: { message: 'bob@example.com no longer has access' } },
        },
      },
    );
    const { ui, server, toasts } = await renderDetails(routes);
    await ui.click(screen.getByRole('tab', { name: 'Collaborators' }));
    const table = within(screen.getByRole('region', { name: 'Collaborators' }));
    const rowOf = (email: string) => within(table.getByText(email).closest('tr') as HTMLElement);
    expect(rowOf('jane.farmer@example.com').getByText('Owner')).toBeInTheDocument();
    expect(rowOf('ann@example.com').getByText('Ann Lee')).toBeInTheDocument();
    expect(rowOf('ann@example.com').getByText('Editor')).toBeInTheDocument();
    expect(rowOf('bob@example.com').getByText('Pending invitation')).toBeInTheDocument();
    expect(rowOf('bob@example.com').getByText('Viewer')).toBeInTheDocument();

    // bob's invitation is pending: the owner revokes it (its link stops working).
    await ui.click(table.getByRole('button', { name: 'Revoke the invitation to bob@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke invitation' });
    expect(dialog).toHaveTextContent('The invitation to bob@example.com stops working');
    await ui.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'bob@example.com no longer has access' }]));
    expect(server.find('POST', '/v2/farms/f1/remove_collaborator/bob%40example.com')).toHaveLength(1);
    await waitFor(() => expect(table.queryByText('bob@example.com')).not.toBeInTheDocument());
  });

  it("shows the server's detail when a collaborator cannot be removed", async () => {
    const routes = farmRoutes(
      {},
      { 'POST /v2/farms/f1/remove_collaborator/ann%40example.com': detailReply('Collaborator not found', 404) },
    );
    const { ui, toasts } = await renderDetails(routes);
    await ui.click(screen.getByRole('tab', { name: 'Collaborators' }));
    await ui.click(screen.getByRole('button', { name: 'Remove ann@example.com' }));
    await ui.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'Collaborator not found' }]));
  });

  it('invites a collaborator to this farm through the share modal and refreshes the list', async () => {
    const routes = farmRoutes({}, { 'POST /v2/farms/share_farm': { status: 200, body: { data: { message: 'ok' } } } });
    const { ui, server } = await renderDetails(routes);
    await ui.click(screen.getByRole('tab', { name: 'Collaborators' }));
    await ui.click(screen.getByRole('button', { name: 'Invite Collaborator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Collaborator' });
    routes['GET /v2/farms/f1'] = {
      status: 200,
      body: makeFarm({
        farm_id: 'f1',
        farm_name: 'North Farm',
        collaborators: [...collaborators, makeCollaborator('cy@example.com', { status: 'pending' })],
      }),
    };
    await ui.type(within(dialog).getByLabelText('Email addresses'), 'cy@example.com ');
    await ui.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('cy@example.com')).toBeInTheDocument();
    expect(server.find('POST', '/v2/farms/share_farm')[0]?.body).toMatchObject({ data: { farm_ids: ['f1'] } });
  });

  it('gives a viewer a read-only page', async () => {
    const { ui } = await renderDetails(farmRoutes({ permission: 'viewer' }));
    expect(screen.queryByRole('button', { name: 'Rename farm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Farm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Field' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Field 01' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Field 01' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Field 01' })).toBeInTheDocument();
    await ui.click(screen.getByRole('tab', { name: 'Collaborators' }));
    expect(screen.queryByRole('button', { name: 'Invite Collaborator' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('lets an editor rename and manage fields, but not delete the farm or manage collaborators', async () => {
    const { ui } = await renderDetails(farmRoutes({ permission: 'editor' }));
    expect(screen.getByRole('button', { name: 'Rename farm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Field 01' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Farm' })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('tab', { name: 'Collaborators' }));
    expect(screen.queryByRole('button', { name: 'Invite Collaborator' })).not.toBeInTheDocument();
  });

  it('switches tabs with the arrow keys', async () => {
    const { ui } = await renderDetails();
    await ui.click(screen.getByRole('tab', { name: 'Field List' }));
    await ui.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Collaborators' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Collaborators' })).toBeInTheDocument();
  });

  it('shows a friendly not-found state for a farm that does not exist or is not shared', async () => {
    renderFarms({
      route: '/farms/nope/details',
      routes: {
        'GET /v2/farms/nope': detailReply('Farm not found', 404),
        'GET /v2/farms/nope/fields': detailReply('Farm not found', 404),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Farm not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Farms & Fields' })).toHaveAttribute('href', '/farms');
  });

  it('offers a retry when the farm cannot be loaded for another reason', async () => {
    const routes: Routes = {
      'GET /v2/farms/f1': detailReply('Database unavailable', 500),
      'GET /v2/farms/f1/fields': fieldsReply([]),
    };
    const { ui } = renderFarms({ route: ROUTE, routes });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    Object.assign(routes, farmRoutes());
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'North Farm' })).toBeInTheDocument();
  });
});
