import { Button } from '@paddock/shared/ui';
import { useAction, type Action } from '@paddock/shared/query';
import { Form, TextField } from '@paddock/shared/ui/form';
import { useFarms } from '../../context';
import { messages } from '../../lib/messages';
import { AppModal, dialogStyles as dialog } from '@paddock/shared/ui/modal';

export interface DeleteTarget {
  id: string;
  name: string;
}

interface DeleteFarmModalProps {
  /** The farm to delete; kept by the caller after closing so the text does not blank while it animates out. */
  farm: DeleteTarget | null;
  isOpen: boolean;
  onClose(): void;
  /** Called once the server deleted the farm (the toast is already shown). */
  onDeleted(farm: DeleteTarget): void;
}

/** Spec 1 §5: the button wakes up only when the typed name equals the farm's, both trimmed. */
export const confirmsName = (typed: string, farmName: string): boolean => typed.trim() === farmName.trim();

function useDeleteFarm({ onClose, onDeleted }: Pick<DeleteFarmModalProps, 'onClose' | 'onDeleted'>) {
  const { api } = useFarms();
  return useAction({
    run: (target: DeleteTarget) => api.deleteFarm(target.id),
    success: messages.farmDeleted,
    events: (_none, target) => [['paddock:farm-changed', { farmId: target.id, change: 'deleted' }]],
    // The list or the redirect follows DELETE_REDIRECT_MS later (the caller's onDeleted), not at once.
    onSuccess: (_none, target) => {
      onDeleted(target);
      onClose();
    },
  });
}

function DeleteFarmForm({
  farm,
  remove,
  onClose,
}: {
  farm: DeleteTarget;
  remove: Action<DeleteTarget, void>;
  onClose(): void;
}) {
  const busy = remove.busy;

  return (
    <Form<{ typed?: string }>
      onSubmit={({ typed = '' }) => {
        if (confirmsName(typed, farm.name) && !busy) void remove.trigger(farm);
      }}
      subscription={{ values: true }}
      render={({ handleSubmit, values }) => (
        <form noValidate className={dialog.stack} onSubmit={handleSubmit}>
          <p className={dialog.warning}>{messages.farmDeleteWarning}</p>
          <TextField
            name="typed"
            label={
              <>
                Type <strong>{farm.name.trim()}</strong> to confirm
              </>
            }
            required={false}
            autoComplete="off"
            disabled={busy}
          />
          <div className={dialog.actions}>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={!confirmsName(values.typed ?? '', farm.name) || busy}
              aria-busy={busy}
            >
              {busy ? 'Deleting…' : 'Delete Farm'}
            </Button>
          </div>
        </form>
      )}
    />
  );
}

/** Deleting a farm takes its fields with it, so the user types the farm's name first. */
export function DeleteFarmModal({ farm, isOpen, onClose, onDeleted }: DeleteFarmModalProps) {
  const remove = useDeleteFarm({ onClose, onDeleted });
  return (
    <AppModal
      title="Delete Farm"
      role="alertdialog"
      isOpen={isOpen && farm !== null}
      onOpenChange={(open) => !open && onClose()}
      isBusy={remove.busy}
    >
      {farm && <DeleteFarmForm farm={farm} remove={remove} onClose={onClose} />}
    </AppModal>
  );
}
