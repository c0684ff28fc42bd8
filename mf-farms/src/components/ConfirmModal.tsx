import { useState } from 'react';
import { Button } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import styles from './controls.module.css';

interface ConfirmModalProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** Runs the action; the modal closes when it resolves and stays open (for another try) when it throws. */
  onConfirm(): Promise<void>;
}

/** An alert dialog for actions that cannot be undone; the caller reports the outcome (toasts). */
export function ConfirmModal({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  isOpen,
  onOpenChange,
  onConfirm,
}: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller has already told the user what went wrong; keep the dialog for a retry.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal title={title} role="alertdialog" isOpen={isOpen} onOpenChange={onOpenChange} isBusy={busy}>
      <div className={styles.stack}>
        <p className={styles.text}>{message}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </div>
    </AppModal>
  );
}
