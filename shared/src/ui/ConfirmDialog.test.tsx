import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <ConfirmDialog
        title="Are you sure?"
        message="Deleting this field will remove all associated layers."
        confirmLabel="Yes, delete anyway."
        cancelLabel="No"
        isOpen={open}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          await onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks as an alert dialog and closes once the action succeeded', async () => {
    const user = userEvent.setup();
    const action = jest.fn(async () => undefined);
    render(<Harness onConfirm={action} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Deleting this field will remove all associated layers.');
    await user.click(screen.getByRole('button', { name: 'Yes, delete anyway.' }));
    expect(action).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it('stays open for a retry when the action fails, and the retry can succeed', async () => {
    const user = userEvent.setup();
    const action = jest
      .fn<Promise<void>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(undefined);
    render(<Harness onConfirm={action} />);
    await user.click(screen.getByRole('button', { name: 'Yes, delete anyway.' }));
    expect(await screen.findByRole('button', { name: 'Yes, delete anyway.' })).toBeEnabled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete anyway.' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('locks both buttons and Escape while the action runs', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    render(<Harness onConfirm={() => new Promise<void>((resolve) => (finish = resolve))} />);
    await user.click(screen.getByRole('button', { name: 'Yes, delete anyway.' }));
    expect(screen.getByRole('button', { name: 'Working…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'No' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('No and Escape cancel without running the action', async () => {
    const user = userEvent.setup();
    const action = jest.fn(async () => undefined);
    render(<Harness onConfirm={action} />);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByText('closed')).toBeInTheDocument());
    expect(action).not.toHaveBeenCalled();
  });
});
