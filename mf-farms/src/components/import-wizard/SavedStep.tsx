import { formatArea } from '@paddock/shared/format';
import { Button } from '@paddock/shared/ui';
import { dialogStyles as dialog } from '@paddock/shared/ui/modal';
import styles from './ImportWizard.module.css';

interface SavedStepProps {
  farmName: string;
  fieldsAdded: number;
  hectares: number;
  /** Create mode: open the new farm's map (spec 1 §2.6). */
  onProceed?(): void;
  onExit(): void;
}

/** Step 3: the files were saved; on to the farm, or out. */
export function SavedStep({ farmName, fieldsAdded, hectares, onProceed, onExit }: SavedStepProps) {
  const fields = fieldsAdded === 1 ? '1 field' : `${fieldsAdded} fields`;
  const outcome = onProceed
    ? `${farmName} was created with ${fields}`
    : `${fields} ${fieldsAdded === 1 ? 'was' : 'were'} added to ${farmName}`;
  return (
    <div className={dialog.stack}>
      <div className={styles.done} role="status">
        <span className={styles.doneIcon} aria-hidden="true">
          ✓
        </span>
        <h3>Your files were saved</h3>
        <p className={dialog.text}>
          {outcome}, {formatArea(hectares)} in total.
        </p>
      </div>
      <div className={dialog.actions}>
        <Button variant="secondary" onClick={onExit}>
          Exit &amp; Close
        </Button>
        {onProceed && <Button onClick={onProceed}>Proceed to Crop Management</Button>}
      </div>
    </div>
  );
}
