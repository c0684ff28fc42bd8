import { useId, useState, type FormEvent } from 'react';
import { farmNameSchema } from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import { errorMessage } from '@paddock/shared/api-client';
import { useMapArea } from '../context';
import { messages } from '../messages';
import { useMapStoreApi } from '../store';
import controls from '../controls/controls.module.css';

function RenameForm({
  farmId,
  name,
  onBusy,
  onClose,
}: {
  farmId: string;
  name: string;
  onBusy(busy: boolean): void;
  onClose(): void;
}) {
  const { api, bus } = useMapArea();
  const store = useMapStoreApi();
  const inputId = useId();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec README: trimmed, 1 to 100 characters, worded like the create-farm messages.
    const checked = farmNameSchema.safeParse(value);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? messages.farmNameRequired);
    if (checked.data === name) return onClose();
    setBusy(true);
    onBusy(true);
    try {
      store.getState().setFarm(await api.renameFarm(farmId, checked.data));
      bus.toast('success', messages.farmRenamed);
      bus.emit('paddock:farm-changed', { farmId, change: 'updated' });
      onBusy(false);
      onClose();
    } catch (failure) {
      bus.toast('error', errorMessage(failure, 'The farm could not be renamed.'));
      setBusy(false);
      onBusy(false);
    }
  };

  return (
    <form noValidate className={controls.stack} onSubmit={(event) => void submit(event)}>
      <div className={controls.field}>
        <label htmlFor={inputId} className={controls.label}>
          Farm name
        </label>
        <input
          id={inputId}
          className={controls.input}
          value={value}
          maxLength={200}
          autoFocus
          autoComplete="off"
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${inputId}-error`} className={controls.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <div className={controls.actions}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** More-menu → Rename Farm (PUT v2/farms/{id}). */
export function RenameFarmDialog({
  farm,
  isOpen,
  onClose,
}: {
  farm: { id: string; name: string };
  isOpen: boolean;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <AppModal title="Rename Farm" isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isBusy={busy}>
      <RenameForm farmId={farm.id} name={farm.name} onBusy={setBusy} onClose={onClose} />
    </AppModal>
  );
}
