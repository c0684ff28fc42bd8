import { useState } from 'react';
import { paths, type FarmRef, type FarmsNavState, type ImportWizardModule } from '@paddock/shared/contracts';
import { queryKeys, useQuery, useQueryClient } from '@paddock/shared/query';
import { Button, goTo, Spinner } from '@paddock/shared/ui';
import { PlainSelect } from '@paddock/shared/ui/form';
import { AppModal } from '@paddock/shared/ui/modal';
import { loadExposed, RemoteMount } from '@paddock/shared/ui/remote';
import { useAccount } from '../../context';
import styles from './GettingStarted.module.css';

export const IMPORT_UNAVAILABLE = 'The import could not be opened. Please try again in a moment.';

const loadImportWizard = () => loadExposed('importWizard');

/**
 * 'Import your shape file': pick the farm, then the farms area's own import wizard opens (mf_farms
 * exposes it). A user without a farm they may edit is sent to Farms & Fields to create one.
 */
export function ImportModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  const { basename, bus, overview } = useAccount();
  const props = useAccount();
  const client = useQueryClient();
  const [wizardFarm, setWizardFarm] = useState<FarmRef | null>(null);
  const [chosen, setChosen] = useState('');
  const farms = useQuery({
    queryKey: queryKeys.overview.editableFarms(),
    queryFn: () => overview.editableFarms(),
    enabled: isOpen,
  });

  const openFarms = () => {
    onOpenChange(false);
    const state: FarmsNavState = { createFarm: true };
    goTo(basename, paths.farms, state);
  };

  const list = farms.data ?? [];
  const selected = list.find((farm) => farm.properties.farm_id === chosen) ?? list[0];

  const start = () => {
    if (!selected) return;
    setWizardFarm({ farm_id: selected.properties.farm_id, farm_name: selected.properties.farm_name });
    onOpenChange(false);
  };

  const mount = (module: ImportWizardModule, element: HTMLElement) =>
    module.mountImportWizard(element, {
      props: {
        basename: props.basename,
        auth: props.auth,
        bus: props.bus,
        config: props.config,
        profile: props.store.getState().profile,
      },
      farm: wizardFarm!,
      onClose: () => setWizardFarm(null),
      onSaved: () => void client.invalidateQueries({ queryKey: queryKeys.overview.all }),
    });

  return (
    <>
      <AppModal title="Import your shape file" isOpen={isOpen} onOpenChange={onOpenChange}>
        <p className={styles.modalText}>
          Bring your paddock boundaries into a farm and Paddock draws every field for you.
        </p>
        <ul className={styles.modalList}>
          <li>
            Shapefile: the <code>.shp</code>, <code>.dbf</code> and <code>.shx</code> files, plus an optional{' '}
            <code>.prj</code>
          </li>
          <li>Or a single KML or KMZ file</li>
        </ul>
        {farms.isPending && isOpen && <Spinner label="Loading your farms" />}
        {list.length > 0 ? (
          <>
            <PlainSelect label="Farm" value={selected?.properties.farm_id ?? ''} onChange={setChosen}>
              {list.map((farm) => (
                <option key={farm.properties.farm_id} value={farm.properties.farm_id}>
                  {farm.properties.farm_name}
                </option>
              ))}
            </PlainSelect>
            <div className={styles.modalActions}>
              <Button variant="secondary" onClick={openFarms}>
                Create a new farm
              </Button>
              <Button onClick={start}>Choose files</Button>
            </div>
          </>
        ) : (
          !farms.isPending && (
            <>
              <p className={styles.modalText}>Fields belong to a farm: create your first farm, then import into it.</p>
              <div className={styles.modalActions}>
                <Button variant="secondary" onClick={() => onOpenChange(false)}>
                  Not now
                </Button>
                <Button onClick={openFarms}>Go to Farms &amp; Fields</Button>
              </div>
            </>
          )
        )}
      </AppModal>
      {wizardFarm && (
        <RemoteMount
          load={loadImportWizard}
          mount={mount}
          onUnavailable={(error) => {
            console.error('[mf_account] the import wizard could not be loaded', error);
            setWizardFarm(null);
            bus.toast('error', IMPORT_UNAVAILABLE);
          }}
        />
      )}
    </>
  );
}
