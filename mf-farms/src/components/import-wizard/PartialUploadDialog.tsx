import type { InvalidFeature } from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import { AppModal, dialogStyles as dialog } from '@paddock/shared/ui/modal';
import { uploadMessages } from '../../lib/messages';
import styles from './ImportWizard.module.css';

interface PartialUploadDialogProps {
  /** The features that did not convert; null when the dialog is closed. */
  invalid: readonly InvalidFeature[] | null;
  /** Adding fields to an existing farm asks about that farm instead of creating one. */
  farmName: string | null;
  onSkip(): void;
  onCancel(): void;
}

/** Spec 1 §4.2 and §8: some features did not convert (206); skip them, or go back to the files. */
export function PartialUploadDialog({ invalid, farmName, onSkip, onCancel }: PartialUploadDialogProps) {
  const question =
    farmName === null
      ? uploadMessages.partialQuestion
      : `Do you want to skip these fields and add the others to ${farmName}?`;
  return (
    <AppModal
      title={uploadMessages.partialTitle}
      role="alertdialog"
      isOpen={invalid !== null}
      onOpenChange={(open) => !open && onCancel()}
    >
      <div className={dialog.stack}>
        <p className={dialog.text}>{uploadMessages.partialIntro}</p>
        <ol className={styles.invalid} aria-label="Fields that were not able to upload">
          {(invalid ?? []).map((feature) => (
            <li key={feature.index}>
              <strong>{feature.name ?? `Feature ${feature.index}`}</strong>: {feature.reason}
            </li>
          ))}
        </ol>
        <p className={dialog.text}>{question}</p>
        <div className={dialog.actions}>
          <Button variant="secondary" onClick={onCancel}>
            {uploadMessages.partialCancel}
          </Button>
          <Button onClick={onSkip}>{uploadMessages.partialSkip}</Button>
        </div>
      </div>
    </AppModal>
  );
}
