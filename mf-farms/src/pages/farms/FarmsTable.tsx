import type { FarmFeature } from '@paddock/shared/contracts';
import type { FarmSortField } from '../../api/farmsApi';
import { Icon, ActionsHeader } from '@paddock/shared/ui';
import { useFarms, useFarmsStore } from '../../context';
import { abilitiesOf } from '../../lib/roles';
import { FarmRow, type RowActions } from './FarmRow';
import styles from './FarmsPage.module.css';

interface FarmsTableProps extends RowActions {
  farms: FarmFeature[];
  busy: boolean;
}

const COLUMNS = 7;

function SortHeader({ column, label, numeric = false }: { column: FarmSortField; label: string; numeric?: boolean }) {
  const { store } = useFarms();
  const { sortBy, sortDir } = useFarmsStore((s) => s.view);
  const active = sortBy === column;
  const ariaSort = active ? (sortDir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={numeric ? styles.number : undefined}>
      <button
        type="button"
        className={styles.sortButton}
        data-active={active || undefined}
        onClick={() => store.getState().sortBy(column)}
      >
        {label}
        <span className={styles.sortIcon} data-dir={active ? sortDir : undefined} aria-hidden="true">
          <Icon name="chevron" size={14} />
        </span>
      </button>
    </th>
  );
}

/** Ticks every farm on this page the caller may share (the only thing done with ticked farms). */
function SelectAllHeader({ farms }: { farms: FarmFeature[] }) {
  const { store } = useFarms();
  const selected = useFarmsStore((s) => s.selected);
  const shareable = farms.filter((f) => abilitiesOf(f.properties.permission).share);
  const ticked = shareable.filter((f) => f.properties.farm_id in selected).length;
  const all = shareable.length > 0 && ticked === shareable.length;

  const toggle = (checked: boolean) =>
    shareable.forEach((f) =>
      store.getState().toggleSelected({ id: f.properties.farm_id, name: f.properties.farm_name }, checked),
    );

  return (
    <th scope="col" className={styles.selectCell}>
      <input
        type="checkbox"
        className={styles.checkbox}
        aria-label="Select all farms on this page"
        checked={all}
        disabled={shareable.length === 0}
        ref={(element) => {
          // "Some ticked" has no HTML attribute; the DOM property shows it.
          if (element) element.indeterminate = ticked > 0 && !all;
        }}
        onChange={(event) => toggle(event.target.checked)}
      />
    </th>
  );
}

/** Spec 1 §2.3: the farms of the current page, sortable by name, fields, area and last update. */
export function FarmsTable({ farms, busy, ...actions }: FarmsTableProps) {
  return (
    <div className={styles.tableScroll} role="region" aria-label="Farms" tabIndex={0} aria-busy={busy}>
      <table className={styles.table} data-busy={busy || undefined}>
        <thead>
          <tr>
            <SelectAllHeader farms={farms} />
            <SortHeader column="farm_name" label="Farm Name" />
            <th scope="col">Collaborators</th>
            <SortHeader column="number_of_fields" label="No. of Fields" numeric />
            <SortHeader column="farm_area" label="Total Area in ha" numeric />
            <SortHeader column="updated_on" label="Last Updated" />
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {farms.map((farm) => (
            <FarmRow key={farm.properties.farm_id} farm={farm} columns={COLUMNS} {...actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
