import { useState, type FormEvent } from 'react';
import { farmNameSchema } from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import { errorMessage } from '../../api/farmsApi';
import { FarmNameInput } from '../../components/FarmNameInput';
import { useFarms } from '../../context';
import { messages } from '../../lib/messages';
import styles from './FarmDetailsPage.module.css';

interface RenameFarmProps {
  farmId: string;
  name: string;
  onRenamed(name: string): void;
  onCancel(): void;
}

/** Inline rename (spec README: trimmed, 1 to 100 characters, messages in the style of create). */
export function RenameFarm({ farmId, name, onRenamed, onCancel }: RenameFarmProps) {
  const { api, bus } = useFarms();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = farmNameSchema.safeParse(value);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? messages.farmNameRequired);
      return;
    }
    if (checked.data === name) return onCancel();
    setBusy(true);
    try {
      await api.renameFarm(farmId, checked.data);
      bus.toast('success', messages.farmRenamed);
      bus.emit('paddock:farm-changed', { farmId, change: 'updated' });
      onRenamed(checked.data);
    } catch (failure) {
      bus.toast('error', errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className={styles.renameForm}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        // Escape anywhere in the form (the box or its buttons) leaves the name as it was.
        if (event.key === 'Escape' && !busy) onCancel();
      }}
    >
      <FarmNameInput
        label="Farm name"
        className={styles.renameField}
        value={value}
        error={error}
        disabled={busy}
        // Focus lands in the box the user just asked to edit.
        autoFocus
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
      />
      <div className={styles.renameActions}>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
