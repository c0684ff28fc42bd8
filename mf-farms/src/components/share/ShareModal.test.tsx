import { screen, waitFor, within } from '@testing-library/react';
import { detailReply, listReply, makeFarm } from '../../testing/fixtures';
import { renderFarms, toastMessages, type Routes } from '../../testing/harness';

const SHARE = 'POST /v2/farms/share_farm';
const farms = [
  makeFarm({ farm_id: 'f1', farm_name: 'North Farm' }),
  makeFarm({ farm_id: 'f2', farm_name: 'South Farm' }),
];

async function openShare(routes: Routes = {}) {
  const view = renderFarms({ route: '/farms', routes: { 'GET /v2/farms': listReply(farms), ...routes } });
  await view.ui.click(await screen.findByRole('button', { name: 'Share North Farm' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share Farm' });
  const input = within(dialog).getByLabelText('Email addresses');
  const chips = () =>
    within(dialog)
      .queryAllByRole('listitem')
      .map((li) => li.firstChild?.textContent);
  return { ...view, dialog, input, chips };
}

describe('share modal', () => {
  it('turns an address into a chip on Space and on leaving the box; Backspace on an empty box removes the last', async () => {
    const { ui, input, chips, dialog } = await openShare();
    await ui.type(input, 'ann@example.com ');
    expect(chips()).toEqual(['ann@example.com']);
    expect(input).toHaveValue('');

    await ui.type(input, 'bob@example.com');
    await ui.click(within(dialog).getByLabelText('Permission'));
    expect(chips()).toEqual(['ann@example.com', 'bob@example.com']);

    await ui.click(input);
    await ui.keyboard('{Backspace}');
    expect(chips()).toEqual(['ann@example.com']);
    await ui.click(within(dialog).getByRole('button', { name: 'Remove ann@example.com' }));
    expect(chips()).toEqual([]);
  });

  it("says 'Email Address is invalid' for a blank or wrong entry on Space", async () => {
    const { ui, input, chips, dialog } = await openShare();
    await ui.type(input, ' ');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Email Address is invalid');

    await ui.type(input, 'not-an-email ');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Email Address is invalid');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(chips()).toEqual([]);
  });

  it('shares with the chosen permission, toasts success and reloads the list', async () => {
    const { ui, input, dialog, server, toasts, farmEvents } = await openShare({
      [SHARE]: { status: 200, body: { data: { message: 'Invitations sent' } } },
    });
    await ui.type(input, 'ann@example.com bob@example.com');
    await ui.selectOptions(within(dialog).getByLabelText('Permission'), 'editor');
    await ui.click(within(dialog).getByRole('button', { name: 'Share' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.find('POST', '/v2/farms/share_farm')[0]?.body).toEqual({
      data: {
        farm_ids: ['f1'],
        account_permission: [
          { email: 'ann@example.com', permission: 'editor' },
          { email: 'bob@example.com', permission: 'editor' },
        ],
      },
    });
    expect(toasts).toEqual([{ kind: 'success', message: 'Farms shared successfully' }]);
    expect(farmEvents).toEqual([{ farmId: 'f1', change: 'updated' }]);
    await waitFor(() => expect(server.find('GET', '/v2/farms')).toHaveLength(2));
  });

  it('shows the first message of a 422 and keeps the modal open', async () => {
    const refusal = {
      status: 422,
      body: {
        detail: [
          {
            loc: ['body', 'data', 'account_permission', 0, 'email'],
            msg: 'You cannot invite yourself',
            type: 'value_error',
          },
          { loc: [], msg: 'second', type: 'x' },
        ],
      },
    };
    const { ui, input, dialog, toasts } = await openShare({ [SHARE]: refusal });
    await ui.type(input, 'jane.farmer@example.com ');
    await ui.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'You cannot invite yourself' }]));
    expect(screen.getByRole('dialog', { name: 'Share Farm' })).toBeInTheDocument();
  });

  it.each([401, 403])("shows the server's detail on a %s", async (status) => {
    const { ui, input, dialog, toasts } = await openShare({
      [SHARE]: detailReply('Only the owner can share this farm', status),
    });
    await ui.type(input, 'ann@example.com ');
    await ui.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastMessages(toasts)).toEqual(['Only the owner can share this farm']));
  });

  it('refuses to send with no address, or with an unfinished wrong one', async () => {
    const { ui, input, dialog, server } = await openShare();
    await ui.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Add at least one email address');
    await ui.type(input, 'ann@');
    await ui.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Email Address is invalid');
    expect(server.find('POST', '/v2/farms/share_farm')).toHaveLength(0);
  });

  it('says how many people one invitation may hold, and refuses more before sending', async () => {
    const { ui, input, dialog, server, chips } = await openShare();
    expect(within(dialog).getByText(/up to 50 at once/)).toBeInTheDocument();
    input.focus();
    const pasted = Array.from({ length: 52 }, (_, n) => `person${n}@example.com`).join(' ');
    await ui.paste(pasted);
    expect(chips()).toHaveLength(52);
    await ui.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'You can invite at most 50 people at once (52 added): remove 2 and share the rest next time',
    );
    expect(server.find('POST', '/v2/farms/share_farm')).toHaveLength(0);
  });

  it("shares several ticked farms at once from 'Share Multiple Farms'", async () => {
    const { ui, server } = renderFarms({
      route: '/farms',
      routes: { 'GET /v2/farms': listReply(farms), [SHARE]: { status: 200, body: { data: { message: 'ok' } } } },
    });
    await ui.click(await screen.findByRole('checkbox', { name: 'Select North Farm' }));
    await ui.click(screen.getByRole('checkbox', { name: 'Select South Farm' }));
    await ui.click(screen.getByRole('button', { name: 'Share Multiple Farms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Multiple Farms' });
    expect(within(dialog).getByRole('list')).toHaveTextContent('North FarmSouth Farm');

    await ui.type(within(dialog).getByLabelText('Email addresses'), 'ann@example.com ');
    await ui.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(server.find('POST', '/v2/farms/share_farm')).toHaveLength(1));
    expect(server.find('POST', '/v2/farms/share_farm')[0]?.body).toMatchObject({ data: { farm_ids: ['f1', 'f2'] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share Multiple Farms' })).toBeDisabled());
  });
});
