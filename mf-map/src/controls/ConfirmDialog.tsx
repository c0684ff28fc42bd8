import { useState } from 'react';
import { Button } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import controls from './controls.module.css';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  isOpen: boolean;
  onCancel(): void;
  /** Runs the action; the caller closes the dialog on success. When it throws, the dialog stays for another try. */
  onConfirm(): Promise<void>;
  tone?: 'danger' | 'primary';
}

/** A question before something that cannot be undone or that leaves unsaved work; the caller reports the outcome. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  isOpen,
  onCancel,
  onConfirm,
  tone = 'danger',
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // The caller has told the user what went wrong; the dialog stays for a retry.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      title={title}
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={(open) => !open && onCancel()}
      isBusy={busy}
    >
      <div className={controls.stack}>
        <p className={controls.text}>{message}</p>
        <div className={controls.actions}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={() => void confirm()}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </div>
    </AppModal>
  );
}
