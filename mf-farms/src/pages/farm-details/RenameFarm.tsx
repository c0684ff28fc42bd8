import { useId, useState, type FormEvent } from 'react';
import { farmNameSchema } from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import { errorMessage } from '../../api/farmsApi';
import controls from '../../components/controls.module.css';
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
  const inputId = useId();
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
      <div className={`${controls.field} ${styles.renameField}`}>
        <label htmlFor={inputId} className={controls.label}>Farm name</label>
        <input
          id={inputId}
          className={controls.input}
          value={value}
          // Focus lands in the box the user just asked to edit.
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
        {error && <p id={`${inputId}-error`} className={controls.error} role="alert">{error}</p>}
      </div>
      <div className={styles.renameActions}>
        <Button type="submit" disabled={busy} aria-busy={busy}>{busy ? 'Saving…' : 'Save'}</Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>Cancel</Button>
      </div>
    </form>
  );
}
