import { Button } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import controls from '../controls.module.css';

interface ImportFarmPlaceholderProps {
  /** The farm name typed in the create-farm modal; null when closed. */
  farmName: string | null;
  onClose(): void;
  /** Back to the create-farm modal, e.g. to draw on the map instead. */
  onBack(): void;
}

/**
 * Stands in for the upload wizard (spec 1 §2.6), which a later issue builds: it replaces this
 * component behind the same `onImport(farmName)` door of the create-farm modal.
 */
export function ImportFarmPlaceholder({ farmName, onClose, onBack }: ImportFarmPlaceholderProps) {
  return (
    <AppModal title="Import farm from file" isOpen={farmName !== null} onOpenChange={(open) => !open && onClose()}>
      <div className={controls.stack}>
        <p className={controls.text}>
          Importing <strong>{farmName}</strong> from a shapefile or KML/KMZ file arrives with the import wizard, coming soon.
        </p>
        <p className={controls.text}>Meanwhile you can create the farm and draw its fields on the map.</p>
        <div className={controls.actions}>
          <Button variant="secondary" onClick={onClose}>Close</Button>
          <Button onClick={onBack}>Draw on map instead</Button>
        </div>
      </div>
    </AppModal>
  );
}
