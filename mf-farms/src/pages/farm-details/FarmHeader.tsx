import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { FarmFeature } from '@paddock/shared/contracts';
import { formatArea, formatDate } from '@paddock/shared/format';
import { Button, IconButton, controls } from '@paddock/shared/ui';
import { Icon } from '@paddock/shared/ui';
import { messages } from '../../lib/messages';
import { paths } from '@paddock/shared/contracts';
import { abilitiesOf, roleLabel } from '../../lib/roles';
import { RenameFarm } from './RenameFarm';
import styles from './FarmDetailsPage.module.css';

/** Back in the browser's history when there is a page of ours before this one, else to the list. */
function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  // react-router marks the entry a tab was opened on as 'default': there is nothing to go back to.
  return () => (location.key === 'default' ? navigate(paths.farms) : navigate(-1));
}

function Breadcrumb({ name }: { name: string }) {
  const goBack = useGoBack();
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol>
        <li>
          <button type="button" className={styles.back} onClick={goBack}>
            <Icon name="back" size={16} /> Go Back
          </button>
        </li>
        <li>
          <Link to={paths.farms} className={controls.link}>
            Farms &amp; Fields
          </Link>
        </li>
        <li>
          <span aria-current="page">{name}</span>
        </li>
      </ol>
    </nav>
  );
}

function Facts({ farm }: { farm: FarmFeature['properties'] }) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Location</dt>
        <dd>{farm.location || messages.notAvailable}</dd>
      </div>
      <div>
        <dt>Fields</dt>
        <dd>{farm.number_of_fields}</dd>
      </div>
      <div>
        <dt>Total area</dt>
        <dd>{formatArea(farm.farm_area)}</dd>
      </div>
      <div>
        <dt>Last updated</dt>
        <dd>{formatDate(farm.updated_on, 'long')}</dd>
      </div>
      <div>
        <dt>Your role</dt>
        <dd>
          <span className={controls.badge}>{roleLabel(farm.permission)}</span>
        </dd>
      </div>
    </dl>
  );
}

interface FarmHeaderProps {
  farm: FarmFeature;
  onDelete(): void;
}

/** Spec 1 §2.4: breadcrumb, the farm's name (renamed inline), its location or 'N/A'. */
export function FarmHeader({ farm, onDelete }: FarmHeaderProps) {
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const p = farm.properties;

  /** Back to the heading, with focus on the button that started the edit (not lost to the page). */
  const stopRenaming = () => {
    flushSync(() => setRenaming(false));
    renameButton.current?.focus();
  };
  const abilities = abilitiesOf(p.permission);

  return (
    <header className={styles.header}>
      <Breadcrumb name={p.farm_name} />
      <div className={styles.titleRow}>
        {renaming ? (
          <>
            {/* The page keeps its heading for screen readers while the name is being edited. */}
            <h1 className={controls.visuallyHidden}>{p.farm_name}</h1>
            <RenameFarm farmId={p.farm_id} name={p.farm_name} onCancel={stopRenaming} onDone={stopRenaming} />
          </>
        ) : (
          <>
            <h1 className={styles.title}>{p.farm_name}</h1>
            {abilities.edit && (
              <IconButton
                icon="pencil"
                ref={renameButton}
                label="Rename farm"
                title="Rename farm"
                onClick={() => setRenaming(true)}
              />
            )}
          </>
        )}
        {abilities.delete && !renaming && (
          <Button variant="secondary" className={styles.deleteFarm} onClick={onDelete}>
            <Icon name="trash" /> Delete Farm
          </Button>
        )}
      </div>
      <Facts farm={p} />
    </header>
  );
}
