import { ConfirmDialog } from '@paddock/shared/ui/modal';
import { messages } from '../messages';

interface DeleteFieldDialogProps {
  /** The field to delete; null keeps the dialog closed. */
  fieldId: string | null;
  onClose(): void;
  /** Deletes; rejects (the user has been told) so the dialog stays for another try. */
  deleteField(fieldId: string): Promise<void>;
}

/** Spec 1 §4.4: the confirmation before a field is deleted (from the field menu or the Boundaries toolbar). */
export function DeleteFieldDialog({ fieldId, onClose, deleteField }: DeleteFieldDialogProps) {
  return (
    <ConfirmDialog
      title={messages.fieldDeleteTitle}
      message={messages.fieldDeleteWarning}
      confirmLabel={messages.fieldDeleteConfirm}
      cancelLabel={messages.fieldDeleteCancel}
      isOpen={fieldId !== null}
      onCancel={onClose}
      onConfirm={async () => {
        if (!fieldId) return;
        await deleteField(fieldId);
        onClose();
      }}
    />
  );
}
