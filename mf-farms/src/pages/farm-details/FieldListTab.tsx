import { useId, useState } from 'react';
import type { FarmProperties, FieldFeature } from '@paddock/shared/contracts';
import { formatDate, formatHectares } from '@paddock/shared/format';
import { Button } from '@paddock/shared/ui';
import type { FarmPageSize } from '../../api/farmsApi';
import { ConfirmModal } from '../../components/ConfirmModal';
import controls from '../../components/controls.module.css';
import { Icon } from '../../components/icons';
import { Pagination } from '../../components/Pagination';
import { useFarms } from '../../context';
import { messages } from '../../lib/messages';
import { goTo, paths, type FarmMapState } from '../../lib/paths';
import { abilitiesOf } from '../../lib/roles';
import styles from './FarmDetailsPage.module.css';

interface FieldListTabProps {
  farm: FarmProperties;
  fields: FieldFeature[];
  onFieldDeleted(fieldId: string): void;
}

/** Client-side search and paging (spec 1 §2.4): the page keeps every field of the farm already. */
function useFieldPage(fields: FieldFeature[]) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<FarmPageSize>(10);
  const needle = query.trim().toLowerCase();
  const matching = needle ? fields.filter((f) => f.properties.field_name.toLowerCase().includes(needle)) : fields;
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  // A delete or a search can leave the page past the end; show the last one that exists.
  const current = Math.min(page, pageCount);
  return {
    query,
    setQuery: (value: string) => {
      setQuery(value);
      setPage(1);
    },
    page: current,
    pageCount,
    pageSize,
    setPage,
    setPageSize: (size: FarmPageSize) => {
      setPageSize(size);
      setPage(1);
    },
    total: matching.length,
    rows: matching.slice((current - 1) * pageSize, current * pageSize),
  };
}

function FieldRow({
  farm,
  field,
  onDelete,
}: {
  farm: FarmProperties;
  field: FieldFeature;
  onDelete(field: FieldFeature): void;
}) {
  const { basename } = useFarms();
  const { id, field_name: name, field_crop_type: crop, area, updated_on: updated } = field.properties;
  const canEdit = abilitiesOf(farm.permission).edit;
  const open = (state: FarmMapState) => goTo(basename, paths.farmMap(farm.farm_id), state);
  return (
    <tr>
      <th scope="row" className={styles.fieldName}>
        {name}
      </th>
      <td className={crop ? undefined : controls.muted}>{crop || messages.selectCropType}</td>
      <td className={styles.number}>{formatHectares(area)}</td>
      <td className={styles.nowrap}>{formatDate(updated, 'long')}</td>
      <td>
        <div className={styles.rowActions}>
          <button
            type="button"
            className={controls.iconButton}
            aria-label={`View ${name}`}
            title="View on the map"
            onClick={() => open({ selectedField: id, view: true })}
          >
            <Icon name="eye" />
          </button>
          {canEdit && (
            <>
              <button
                type="button"
                className={controls.iconButton}
                aria-label={`Edit ${name}`}
                title="Edit on the map"
                onClick={() => open({ selectedField: id, edit: true })}
              >
                <Icon name="pencil" />
              </button>
              <button
                type="button"
                className={controls.iconButton}
                data-tone="danger"
                aria-label={`Delete ${name}`}
                title="Delete field"
                onClick={() => onDelete(field)}
              >
                <Icon name="trash" />
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

function FieldsToolbar({
  farm,
  query,
  onQuery,
}: {
  farm: FarmProperties;
  query: string;
  onQuery(value: string): void;
}) {
  const { basename } = useFarms();
  const searchId = useId();
  return (
    <div className={styles.tabToolbar}>
      <div className={styles.tabSearch} role="search">
        <label htmlFor={searchId} className={controls.visuallyHidden}>
          Search fields
        </label>
        <input
          id={searchId}
          type="search"
          className={controls.input}
          placeholder="Search for field name..."
          value={query}
          onChange={(event) => onQuery(event.target.value)}
        />
      </div>
      <div className={styles.tabActions}>
        <Button variant="secondary" onClick={() => goTo(basename, paths.farmMap(farm.farm_id))}>
          <Icon name="map" /> View Farm
        </Button>
        {abilitiesOf(farm.permission).edit && (
          <Button onClick={() => goTo(basename, paths.farmMap(farm.farm_id), { draw: true })}>
            <Icon name="plus" /> Create Field
          </Button>
        )}
      </div>
    </div>
  );
}

/** Spec 1 §2.4 'Field List': search, open on the map, create, and view/edit/delete each field. */
export function FieldListTab({ farm, fields, onFieldDeleted }: FieldListTabProps) {
  const { api, bus } = useFarms();
  const view = useFieldPage(fields);
  const [deleting, setDeleting] = useState<FieldFeature | null>(null);

  const deleteField = async () => {
    if (!deleting) return;
    try {
      await api.deleteField(deleting.properties.id);
    } catch (error) {
      bus.toast('error', messages.fieldDeleteFailed);
      throw error;
    }
    bus.toast('success', messages.fieldDeleted);
    bus.emit('paddock:farm-changed', { farmId: farm.farm_id, change: 'updated' });
    onFieldDeleted(deleting.properties.id);
  };

  return (
    <div className={styles.tabBody}>
      <FieldsToolbar farm={farm} query={view.query} onQuery={view.setQuery} />
      {view.total === 0 ? (
        <p className={styles.tabEmpty}>
          {fields.length === 0 ? 'This farm has no fields yet.' : `No fields match “${view.query.trim()}”.`}
        </p>
      ) : (
        <div className={styles.tableScroll} role="region" aria-label="Fields" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Field Name</th>
                <th scope="col">Crop Type</th>
                <th scope="col" className={styles.number}>
                  Area (Ha)
                </th>
                <th scope="col">Last Updated</th>
                <th scope="col">
                  <span className={controls.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.rows.map((field) => (
                <FieldRow key={field.properties.id} farm={farm} field={field} onDelete={setDeleting} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        label="Fields"
        page={view.page}
        pageCount={view.pageCount}
        pageSize={view.pageSize}
        onPageChange={view.setPage}
        onPageSizeChange={view.setPageSize}
      />
      <ConfirmModal
        title={messages.fieldDeleteTitle}
        message={messages.fieldDeleteWarning}
        confirmLabel={messages.fieldDeleteConfirm}
        cancelLabel={messages.fieldDeleteCancel}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={deleteField}
      />
    </div>
  );
}
