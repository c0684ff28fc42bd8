import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import type { FarmFeature } from '@paddock/shared/contracts';
import { formatDate, formatHectares } from '@paddock/shared/format';
import { Icon, IconButton, controls } from '@paddock/shared/ui';
import { useFarms, useFarmsStore } from '../../context';
import { paths, productPath } from '@paddock/shared/contracts';
import { buttonStyles, goTo } from '@paddock/shared/ui';
import { abilitiesOf } from '../../lib/roles';
import { CollaboratorAvatars } from './CollaboratorAvatars';
import { FarmFieldsRow } from './FarmFieldsRow';
import { FavouriteStar } from './FavouriteStar';
import styles from './FarmsPage.module.css';

export interface RowActions {
  onToggleFavourite(farm: FarmFeature): void;
  onShare(farm: FarmFeature): void;
  onDelete(farm: FarmFeature): void;
}

interface FarmRowProps extends RowActions {
  farm: FarmFeature;
  columns: number;
}

// A click on any control inside the row does its own thing, not "open the map".
const INTERACTIVE = 'a, button, input, label, select, textarea, [role="button"]';

function SelectCell({ farmId, name, canShare }: { farmId: string; name: string; canShare: boolean }) {
  const selected = useFarmsStore((s) => farmId in s.selected);
  const { store } = useFarms();
  return (
    <td className={styles.selectCell}>
      <input
        type="checkbox"
        className={styles.checkbox}
        aria-label={`Select ${name}`}
        title={canShare ? undefined : 'Only the owner can share this farm'}
        checked={selected}
        disabled={!canShare}
        onChange={(event) => store.getState().toggleSelected({ id: farmId, name }, event.target.checked)}
      />
    </td>
  );
}

function RowButtons({ farm, onDelete }: { farm: FarmFeature; onDelete(farm: FarmFeature): void }) {
  const { basename, store } = useFarms();
  const expanded = useFarmsStore((s) => s.expandedId === farm.properties.farm_id);
  const { farm_id: id, farm_name: name, permission } = farm.properties;
  return (
    <div className={styles.rowActions}>
      <button
        type="button"
        className={controls.textButton}
        aria-label={`View ${name}`}
        title="Open on the map"
        onClick={() => goTo(basename, paths.farmMap(id))}
      >
        <Icon name="eye" size={16} /> View
      </button>
      <Link
        to={paths.farmDetails(id)}
        className={buttonStyles.iconButton}
        aria-label={`Details of ${name}`}
        title="Farm details"
      >
        <Icon name="info" />
      </Link>
      {abilitiesOf(permission).delete ? (
        <IconButton
          icon="trash"
          tone="danger"
          label={`Delete ${name}`}
          title="Delete farm"
          onClick={() => onDelete(farm)}
        />
      ) : (
        // Keeps the other actions lined up with the rows that can delete.
        <span className={styles.actionSpacer} aria-hidden="true" />
      )}
      <IconButton
        icon="chevron"
        className={styles.expand}
        label={`Fields of ${name}`}
        title={expanded ? 'Hide fields' : 'Show fields'}
        aria-expanded={expanded}
        aria-controls={expanded ? `farm-fields-${id}` : undefined}
        data-expanded={expanded || undefined}
        onClick={() => store.getState().toggleExpanded(id)}
      />
    </div>
  );
}

/** One farm (spec 1 §2.3); clicking anywhere but a control opens its map, and it can unfold its fields. */
export function FarmRow({ farm, columns, onToggleFavourite, onShare, onDelete }: FarmRowProps) {
  const { basename } = useFarms();
  const expanded = useFarmsStore((s) => s.expandedId === farm.properties.farm_id);
  const p = farm.properties;
  const abilities = abilitiesOf(p.permission);
  const mapPath = paths.farmMap(p.farm_id);

  const openMap = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    goTo(basename, mapPath);
  };

  const followLink = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    goTo(basename, mapPath);
  };

  return (
    <>
      <tr className={styles.row} data-expanded={expanded || undefined} onClick={openMap}>
        <SelectCell farmId={p.farm_id} name={p.farm_name} canShare={abilities.share} />
        <td>
          <div className={styles.nameCell}>
            <FavouriteStar farm={p} onToggle={() => onToggleFavourite(farm)} />
            <a href={productPath(basename, mapPath)} className={styles.farmName} onClick={followLink}>
              {p.farm_name}
            </a>
          </div>
        </td>
        <td>
          <div className={styles.collaboratorsCell}>
            <CollaboratorAvatars collaborators={p.collaborators} />
            {abilities.share && (
              <button
                type="button"
                className={controls.textButton}
                aria-label={`Share ${p.farm_name}`}
                onClick={() => onShare(farm)}
              >
                <Icon name="share" size={14} /> Share
              </button>
            )}
          </div>
        </td>
        <td className={styles.number} data-label="Fields">
          {p.number_of_fields}
        </td>
        <td className={styles.number} data-label="Area (ha)">
          {formatHectares(p.farm_area)}
        </td>
        <td className={styles.date} data-label="Last Updated">
          {formatDate(p.updated_on, 'long')}
        </td>
        <td className={styles.actionsCell}>
          <RowButtons farm={farm} onDelete={onDelete} />
        </td>
      </tr>
      {expanded && <FarmFieldsRow farm={p} colSpan={columns} id={`farm-fields-${p.farm_id}`} />}
    </>
  );
}
