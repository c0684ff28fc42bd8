import { useState, type ReactNode } from 'react';
import { AppModal } from './AppModal';
import { Button } from './Button';
import styles from './dialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isOpen: boolean;
  /** No, Cancel, Escape, an outside click or the close button. */
  onCancel(): void;
  /**
   * Runs the action. The caller closes the dialog when it resolves (it may do more first: switch a
   * field, navigate); when it rejects, the user has been told (useAction toasts) and the dialog stays
   * open for another try.
   */
  onConfirm(): Promise<void> | void;
  /** 'danger' for what cannot be undone; 'primary' for a question such as leaving unsaved work. */
  tone?: 'danger' | 'primary';
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
}

/** The one confirmation of every area (on AppModal: an alertdialog, locked while the action runs). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  isOpen,
  onCancel,
  onConfirm,
  tone = 'danger',
  busyLabel = 'Working…',
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // Already reported to the user; the dialog stays for a retry.
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
      <div className={styles.stack}>
        {typeof message === 'string' ? <p className={styles.text}>{message}</p> : message}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </AppModal>
  );
}
