import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { paths, type FarmFeature, type FieldFeature } from '@paddock/shared/contracts';
import { ErrorState, LoadingState, controls } from '@paddock/shared/ui';
import { DeleteFarmModal } from '../../components/delete-farm/DeleteFarmModal';
import { useLater } from '../../hooks/useLater';
import { DELETE_REDIRECT_MS } from '../../lib/messages';
import { CollaboratorsTab } from './CollaboratorsTab';
import { FarmHeader } from './FarmHeader';
import { FieldListTab } from './FieldListTab';
import { useFarmDetails } from './useFarmDetails';
import styles from './FarmDetailsPage.module.css';

function NotFound() {
  return (
    <div className={styles.notFound}>
      <h1>Farm not found</h1>
      <p>This farm does not exist, or it has not been shared with you.</p>
      <Link to={paths.farms} className={controls.link}>
        Go to Farms &amp; Fields
      </Link>
    </div>
  );
}

/** The loaded page: header, then the two tabs (React Aria: arrow keys move between them). */
function FarmDetailsView({ farm, fields }: { farm: FarmFeature; fields: FieldFeature[] }) {
  const navigate = useNavigate();
  const later = useLater();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const p = farm.properties;

  return (
    <>
      <FarmHeader farm={farm} onDelete={() => setDeleteOpen(true)} />
      <Tabs className={styles.tabs}>
        <TabList aria-label="Farm sections" className={styles.tabList}>
          <Tab id="fields" className={styles.tab}>
            Field List
          </Tab>
          <Tab id="collaborators" className={styles.tab}>
            Collaborators
          </Tab>
        </TabList>
        <TabPanel id="fields" className={styles.panel}>
          <FieldListTab farm={p} fields={fields} />
        </TabPanel>
        <TabPanel id="collaborators" className={styles.panel}>
          <CollaboratorsTab farm={p} />
        </TabPanel>
      </Tabs>
      <DeleteFarmModal
        farm={{ id: p.farm_id, name: p.farm_name }}
        isOpen={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        onDeleted={() => later(DELETE_REDIRECT_MS, () => navigate(paths.farms))}
      />
    </>
  );
}

/** Spec 1 §2.4: one farm's details, its fields and its collaborators. */
export function FarmDetailsPage() {
  const { farmId = '' } = useParams();
  const details = useFarmDetails(farmId);
  const { state } = details;

  return (
    <div className={styles.page}>
      {state.status === 'pending' && <LoadingState label="Loading farm" />}
      {state.status === 'error' && state.notFound && <NotFound />}
      {state.status === 'error' && !state.notFound && (
        <ErrorState title="We could not load this farm" message={state.message} onRetry={details.reload} />
      )}
      {state.status === 'success' && <FarmDetailsView farm={state.data[0]} fields={state.data[1]} />}
    </div>
  );
}
