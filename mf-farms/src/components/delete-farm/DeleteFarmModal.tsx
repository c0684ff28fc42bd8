import { useId, useState, type FormEvent } from 'react';
import { Button } from '@paddock/shared/ui';
import { errorMessage } from '../../api/farmsApi';
import { useFarms } from '../../context';
import { messages } from '../../lib/messages';
import { AppModal } from '@paddock/shared/ui/modal';
import controls from '../controls.module.css';

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

function DeleteFarmForm({
  farm,
  onBusy,
  onClose,
  onDeleted,
}: {
  farm: DeleteTarget;
  onBusy(busy: boolean): void;
  onClose(): void;
  onDeleted(farm: DeleteTarget): void;
}) {
  const { api, bus } = useFarms();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const confirmed = confirmsName(typed, farm.name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || busy) return;
    setBusy(true);
    onBusy(true);
    try {
      await api.deleteFarm(farm.id);
      bus.toast('success', messages.farmDeleted);
      bus.emit('paddock:farm-changed', { farmId: farm.id, change: 'deleted' });
      onBusy(false);
      onDeleted(farm);
      onClose();
    } catch (error) {
      bus.toast('error', errorMessage(error));
      setBusy(false);
      onBusy(false);
    }
  };

  return (
    <form noValidate className={controls.stack} onSubmit={(event) => void submit(event)}>
      <p className={controls.warning}>{messages.farmDeleteWarning}</p>
      <div className={controls.field}>
        <label htmlFor={inputId} className={controls.label}>
          Type <strong>{farm.name.trim()}</strong> to confirm
        </label>
        <input
          id={inputId}
          className={controls.input}
          value={typed}
          autoComplete="off"
          disabled={busy}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <div className={controls.actions}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!confirmed || busy} aria-busy={busy}>
          {busy ? 'Deleting…' : 'Delete Farm'}
        </Button>
      </div>
    </form>
  );
}

/** Deleting a farm takes its fields with it, so the user types the farm's name first. */
export function DeleteFarmModal({ farm, isOpen, onClose, onDeleted }: DeleteFarmModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <AppModal
      title="Delete Farm"
      role="alertdialog"
      isOpen={isOpen && farm !== null}
      onOpenChange={(open) => !open && onClose()}
      isBusy={busy}
    >
      {farm && <DeleteFarmForm farm={farm} onBusy={setBusy} onClose={onClose} onDeleted={onDeleted} />}
    </AppModal>
  );
}
