import { useId, useState } from 'react';
import type { FarmProperties, FieldFeature } from '@paddock/shared/contracts';
import { formatDate, formatHectares } from '@paddock/shared/format';
import { queryKeys, useAction, useQueryClient } from '@paddock/shared/query';
import { Button, IconButton, controls, ActionsHeader } from '@paddock/shared/ui';
import { ConfirmDialog } from '@paddock/shared/ui/modal';
import type { FarmPageSize } from '../../api/farmsApi';
import { controlStyles as form } from '@paddock/shared/ui/form';
import { Icon } from '@paddock/shared/ui';
import { Pagination } from '../../components/Pagination';
import { useFarms } from '../../context';
import { messages } from '../../lib/messages';
import { paths, type FarmMapNavState } from '@paddock/shared/contracts';
import { goTo } from '@paddock/shared/ui';
import { abilitiesOf } from '../../lib/roles';
import { SeasonsDialog } from '../../components/seasons/SeasonsDialog';
import styles from './FarmDetailsPage.module.css';

interface FieldListTabProps {
  farm: FarmProperties;
  fields: FieldFeature[];
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
  onSeasons,
}: {
  farm: FarmProperties;
  field: FieldFeature;
  onDelete(field: FieldFeature): void;
  onSeasons(field: FieldFeature): void;
}) {
  const { basename } = useFarms();
  const { id, field_name: name, field_crop_type: crop, area, updated_on: updated } = field.properties;
  const canEdit = abilitiesOf(farm.permission).edit;
  const open = (state: FarmMapNavState) => goTo(basename, paths.farmMap(farm.farm_id), state);
  return (
    <tr>
      <th scope="row" className={styles.fieldName}>
        {name}
      </th>
      <td className={crop ? undefined : controls.muted} data-label="Crop Type">
        {crop || messages.selectCropType}
      </td>
      <td className={styles.number} data-label="Area (ha)">
        {formatHectares(area)}
      </td>
      <td className={styles.nowrap} data-label="Last Updated">
        {formatDate(updated, 'long')}
      </td>
      <td className={styles.actionsCell}>
        <div className={styles.rowActions}>
          <IconButton
            icon="calendar"
            label={`Seasons of ${name}`}
            title="Seasons: crop, sowing and harvest"
            onClick={() => onSeasons(field)}
          />
          <IconButton
            icon="eye"
            label={`View ${name}`}
            title="View on the map"
            onClick={() => open({ selectedField: id, view: true })}
          />
          {canEdit && (
            <>
              <IconButton
                icon="pencil"
                label={`Edit ${name}`}
                title="Edit on the map"
                onClick={() => open({ selectedField: id, edit: true })}
              />
              <IconButton
                icon="trash"
                tone="danger"
                label={`Delete ${name}`}
                title="Delete field"
                onClick={() => onDelete(field)}
              />
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
          className={form.input}
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
export function FieldListTab({ farm, fields }: FieldListTabProps) {
  const { api } = useFarms();
  const client = useQueryClient();
  const view = useFieldPage(fields);
  const [deleting, setDeleting] = useState<FieldFeature | null>(null);
  const [seasonsOf, setSeasonsOf] = useState<FieldFeature | null>(null);

  const deleteField = useAction({
    run: (fieldId: string) => api.deleteField(fieldId),
    success: messages.fieldDeleted,
    failure: () => messages.fieldDeleteFailed,
    events: () => [['paddock:farm-changed', { farmId: farm.farm_id, change: 'updated' }]],
    // The farm's field count and area changed on the server; the header and the list show them.
    invalidates: [queryKeys.farms.detail(farm.farm_id), queryKeys.farms.lists()],
    onSuccess: (_none, fieldId) =>
      client.setQueryData<FieldFeature[]>(queryKeys.farms.fields(farm.farm_id), (all) =>
        all?.filter((field) => field.properties.id !== fieldId),
      ),
  });

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
                  Area (ha)
                </th>
                <th scope="col">Last Updated</th>
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {view.rows.map((field) => (
                <FieldRow
                  key={field.properties.id}
                  farm={farm}
                  field={field}
                  onDelete={setDeleting}
                  onSeasons={setSeasonsOf}
                />
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
      <SeasonsDialog
        field={seasonsOf}
        farmId={farm.farm_id}
        canEdit={abilitiesOf(farm.permission).edit}
        onClose={() => setSeasonsOf(null)}
      />
      <ConfirmDialog
        title={messages.fieldDeleteTitle}
        message={messages.fieldDeleteWarning}
        confirmLabel={messages.fieldDeleteConfirm}
        cancelLabel={messages.fieldDeleteCancel}
        isOpen={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteField.run(deleting.properties.id);
          setDeleting(null);
        }}
      />
    </div>
  );
}
