import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { FarmFeature } from '@paddock/shared/contracts';
import { ErrorState, LoadingState } from '@paddock/shared/ui';
import controls from '../../components/controls.module.css';
import { DeleteFarmModal } from '../../components/delete-farm/DeleteFarmModal';
import { useLater } from '../../hooks/useLater';
import { DELETE_REDIRECT_MS } from '../../lib/messages';
import { paths } from '../../lib/paths';
import { CollaboratorsTab } from './CollaboratorsTab';
import { FarmHeader } from './FarmHeader';
import { FieldListTab } from './FieldListTab';
import { useFarmDetails, type FarmDetails } from './useFarmDetails';
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

const withName =
  (name: string) =>
  (farm: FarmFeature): FarmFeature => ({ ...farm, properties: { ...farm.properties, farm_name: name } });

const withoutCollaborator =
  (email: string) =>
  (farm: FarmFeature): FarmFeature => ({
    ...farm,
    properties: { ...farm.properties, collaborators: farm.properties.collaborators.filter((c) => c.email !== email) },
  });

/** The loaded page: header, then the two tabs (React Aria: arrow keys move between them). */
function FarmDetailsView({ farm, details }: { farm: FarmFeature; details: FarmDetails }) {
  const navigate = useNavigate();
  const later = useLater();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const fields = details.state.status === 'ready' ? details.state.fields : [];
  const p = farm.properties;

  return (
    <>
      <FarmHeader
        farm={farm}
        onRenamed={(name) => details.updateFarm(withName(name))}
        onDelete={() => setDeleteOpen(true)}
      />
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
          <FieldListTab
            farm={p}
            fields={fields}
            onFieldDeleted={(id) => {
              details.updateFields((all) => all.filter((f) => f.properties.id !== id));
              // The farm's field count and area changed on the server; the header shows them.
              void details.refreshFarm();
            }}
          />
        </TabPanel>
        <TabPanel id="collaborators" className={styles.panel}>
          <CollaboratorsTab
            farm={p}
            onRemoved={(email) => details.updateFarm(withoutCollaborator(email))}
            onInvited={() => void details.refreshFarm()}
          />
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
      {state.status === 'loading' && <LoadingState label="Loading farm" />}
      {state.status === 'not-found' && <NotFound />}
      {state.status === 'error' && (
        <ErrorState title="We could not load this farm" message={state.message} onRetry={details.reload} />
      )}
      {state.status === 'ready' && <FarmDetailsView farm={state.farm} details={details} />}
    </div>
  );
}
