import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeMfProps, fakeServer } from '@paddock/shared/testing';
import { mountDeleteFarmModal, mountShareModal } from './farm-dialogs';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const farm = { farm_id: 'f1', farm_name: 'Kurrajong Downs' };

function host() {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

describe('farm dialogs for other areas (./farm-dialogs)', () => {
  it('Delete Farm deletes once the name is typed, then reports it and closes', async () => {
    const server = fakeServer({ 'DELETE /v2/farms/f1': { status: 204 } });
    globalThis.fetch = server.fetch;
    const onDeleted = jest.fn();
    const onClose = jest.fn();
    let unmount: () => void = () => undefined;
    act(() => {
      unmount = mountDeleteFarmModal(host(), { props: fakeMfProps(), farm, onClose, onDeleted });
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Farm' });
    const ui = userEvent.setup();
    await ui.type(within(dialog).getByRole('textbox'), 'Kurrajong Downs');
    await ui.click(within(dialog).getByRole('button', { name: 'Delete Farm' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    expect(server.find('DELETE', '/v2/farms/f1')).toHaveLength(1);
    act(() => unmount());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Invite Collaborator opens for the one farm and closes on Cancel', async () => {
    const onClose = jest.fn();
    let unmount: () => void = () => undefined;
    act(() => {
      unmount = mountShareModal(host(), { props: fakeMfProps(), farm, onClose, onShared: jest.fn() });
    });
    const dialog = screen.getByRole('dialog', { name: 'Invite Collaborator' });
    expect(dialog).toHaveTextContent('Invite people to Kurrajong Downs.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    act(() => unmount());
  });
});
