import { paths, type FarmsNavState } from '@paddock/shared/contracts';
import { Button, goTo } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import { useAccount } from '../../context';
import styles from './GettingStarted.module.css';

/** Importing lives in Farms & Fields; this explains it and opens the create-farm flow there. */
export function ImportModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  const { basename } = useAccount();
  const openFarms = () => {
    onOpenChange(false);
    const state: FarmsNavState = { createFarm: true };
    goTo(basename, paths.farms, state);
  };
  return (
    <AppModal title="Import your shape file" isOpen={isOpen} onOpenChange={onOpenChange}>
      <p className={styles.modalText}>
        Importing boundaries is part of Farms &amp; Fields. Create a farm, then import your paddocks and Paddock draws
        every field for you.
      </p>
      <ul className={styles.modalList}>
        <li>
          Shapefile: the <code>.shp</code>, <code>.dbf</code> and <code>.shx</code> files, plus an optional{' '}
          <code>.prj</code>
        </li>
        <li>Or a single KML or KMZ file</li>
      </ul>
      <div className={styles.modalActions}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Not now
        </Button>
        <Button onClick={openFarms}>Go to Farms &amp; Fields</Button>
      </div>
    </AppModal>
  );
}
