import { totalHectares } from '@paddock/shared/geo';
import { useId, useMemo, useState, type MouseEvent } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useShallow } from 'zustand/react/shallow';
import { paths, productPath, type FieldFeature } from '@paddock/shared/contracts';
import { formatHectares } from '@paddock/shared/format';
import { Button, ErrorState, goTo, Spinner, IconButton, controls } from '@paddock/shared/ui';
import { useMapArea } from '../context';
import { messages } from '../messages';
import { useOlMap } from '../map-core/olMapContext';
import { useMapStore, useMapStoreApi } from '../store';
import { ZONING_AREA_LIMIT_HA } from '@paddock/shared/contracts';
import type { LoadStatus } from '../map-core/useFarmMapData';
import { Icon } from '@paddock/shared/ui';
import { FieldList } from './FieldList';
import { SetCropControl } from './SetCropControl';
import { useCropTypes } from '../api/useCropTypes';
import { useFindApi } from '../map-core/useFind';
import styles from './FieldMenu.module.css';
import { useFarm, useFarmFields } from '../map-core/farmData';

/** Spec 2 §4: in zoning mode a field of 800 ha or more cannot be chosen. */
const zoningUnavailable = (field: FieldFeature): string | null =>
  field.properties.area >= ZONING_AREA_LIMIT_HA ? messages.zoningAreaLimit : null;

interface FieldMenuProps {
  status: LoadStatus;
  onRetry(): void;
  onImport(): void;
  onDelete(field: FieldFeature): void;
}

function AddFieldMenu({ onDraw, onImport }: { onDraw(): void; onImport(): void }) {
  return (
    <MenuTrigger>
      <AriaButton className={styles.addButton}>
        <Icon name="plus" /> Add Field <Icon name="chevron" size={14} />
      </AriaButton>
      <Popover placement="bottom start" className={controls.popover}>
        <Menu
          aria-label="Add Field"
          className={controls.listBox}
          onAction={(key) => (key === 'draw' ? onDraw() : onImport())}
        >
          <MenuItem id="draw" className={controls.menuItem}>
            Draw Field
          </MenuItem>
          <MenuItem id="import" className={controls.menuItem}>
            Import Field
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** Spec 1 §4.4: Advanced accounts with the flag may select several fields; Basic users see the upsell cue. */
function MultiSelectCue({ basename }: { basename: string }) {
  const open = (event: MouseEvent) => {
    event.preventDefault();
    goTo(basename, paths.advanced());
  };
  return (
    <p className={styles.cue}>
      {messages.multiSelectUpsell}.{' '}
      <a className={controls.link} href={productPath(basename, paths.advanced())} onClick={open}>
        {messages.getAdvanced}
      </a>
    </p>
  );
}

function SelectAll({ fields, selected }: { fields: FieldFeature[]; selected: ReadonlySet<string> }) {
  const store = useMapStoreApi();
  const { mode, access } = useMapStore(useShallow((s) => ({ mode: s.mode, access: s.access })));
  const allSelected = fields.length > 0 && fields.every((f) => selected.has(f.id));
  const unavailable = mode === 'manage' || (access.advanced && !access.multiSelect);
  return (
    <label className={styles.selectAll} data-disabled={unavailable || fields.length === 0 || undefined}>
      <input
        type="checkbox"
        className={styles.checkbox}
        checked={allSelected}
        disabled={unavailable || fields.length === 0}
        onChange={() =>
          allSelected
            ? store.getState().clearSelection()
            : store.getState().selectAll(
                fields.map((f) => f.id),
                fields,
              )
        }
      />
      Select All
    </label>
  );
}

/**
 * The left drawer (spec 1 §2.7): search, Select All, a checkbox per field, Add Field (Draw or
 * Import), Edit Fields, and per-field Edit and Delete. At phone width it is a bottom sheet.
 */
export function FieldMenu({ status, onRetry, onImport, onDelete }: FieldMenuProps) {
  const { basename } = useMapArea();
  const store = useMapStoreApi();
  const handle = useOlMap();
  const bodyId = useId();
  const searchId = useId();
  const farm = useFarm();
  const fields = useFarmFields();
  const { selectedFields, mode, access, drawerOpen } = useMapStore(
    useShallow((s) => ({
      selectedFields: s.selectedFields,
      mode: s.mode,
      access: s.access,
      drawerOpen: s.drawerOpen,
    })),
  );
  const [query, setQuery] = useState('');
  const selected = useMemo(() => new Set(selectedFields), [selectedFields]);
  const find = useFindApi();
  const { cropTypes } = useCropTypes();
  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? fields.filter((f) => f.properties.field_name.toLowerCase().includes(needle)) : fields;
  }, [fields, query]);
  const totalArea = useMemo(() => totalHectares(fields.map((f) => f.properties.area)), [fields]);
  const zoning = mode === 'zoning';
  const title = zoning
    ? 'Zoning'
    : (farm?.properties.farm_name ?? (status.status === 'pending' ? 'Loading farm…' : 'Farm map'));

  const toFarms = (event: MouseEvent) => {
    event.preventDefault();
    goTo(basename, paths.farms);
  };
  const toggle = (fieldId: string) => {
    const wasSelected = store.getState().selectedFields.includes(fieldId);
    store.getState().toggleField(fieldId, fields);
    if (!wasSelected && store.getState().selectedFields.includes(fieldId)) handle?.zoomToFields([fieldId]);
  };
  const edit = (fieldId: string) => {
    store.getState().editField(fieldId, fields);
    handle?.zoomToFields([fieldId]);
  };

  return (
    <aside className={styles.menu} data-open={drawerOpen || undefined} aria-label="Field menu" data-tour="fields">
      <header className={styles.header}>
        <a className={styles.back} href={productPath(basename, paths.farms)} onClick={toFarms}>
          <Icon name="back" size={16} /> Go to Farms &amp; Fields
        </a>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{title}</h1>
          <IconButton
            icon={drawerOpen ? 'chevron' : 'menu'}
            aria-expanded={drawerOpen}
            aria-controls={bodyId}
            label={drawerOpen ? 'Hide field menu' : 'Show field menu'}
            onClick={() => store.getState().setDrawerOpen(!drawerOpen)}
          />
        </div>
        {farm && (
          <p className={styles.summary}>
            {fields.length === 1 ? '1 field' : `${fields.length.toLocaleString('en-AU')} fields`} ·{' '}
            {formatHectares(totalArea)} ha
          </p>
        )}
      </header>

      <div id={bodyId} className={styles.body} hidden={!drawerOpen}>
        {status.status === 'pending' && (
          <div className={styles.loading}>
            <Spinner label="Loading fields" />
          </div>
        )}
        {status.status === 'error' && (
          <ErrorState title="This farm could not be loaded" message={status.message} onRetry={onRetry} />
        )}
        {status.status === 'success' && (
          <>
            {access.edit && mode !== 'manage' && !zoning && (
              <div className={styles.actions}>
                <AddFieldMenu onDraw={() => store.getState().startDrawing(fields.length)} onImport={onImport} />
                <Button variant="secondary" onClick={() => store.getState().setMode('manage')}>
                  Edit Fields
                </Button>
              </div>
            )}
            <div className={styles.search}>
              <label htmlFor={searchId} className={controls.visuallyHidden}>
                Search fields
              </label>
              <Icon name="search" size={16} />
              <input
                id={searchId}
                type="search"
                className={styles.searchInput}
                placeholder={zoning ? messages.zoningSearch : 'Search fields'}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
            <div className={styles.selectRow}>
              <SelectAll fields={visible} selected={selected} />
              {selected.size > 0 && <span className={styles.count}>{selected.size} selected</span>}
              {selected.size > 0 && access.edit && !zoning && farm && (
                <SetCropControl api={find} farmId={farm.id} fieldIds={selectedFields} cropTypes={cropTypes} />
              )}
            </div>
            {!access.advanced && <MultiSelectCue basename={basename} />}
            {fields.length === 0 ? (
              <p className={styles.empty}>
                {access.edit
                  ? 'No fields yet. Use Add Field to draw one on the map or import them from a file.'
                  : 'This farm has no fields yet.'}
              </p>
            ) : visible.length === 0 ? (
              <p className={styles.empty}>No fields match “{query.trim()}”.</p>
            ) : (
              <FieldList
                fields={visible}
                selected={selected}
                canEdit={access.edit && !zoning}
                onToggle={toggle}
                onEdit={edit}
                onDelete={onDelete}
                unavailableReason={zoning ? zoningUnavailable : undefined}
              />
            )}
          </>
        )}
      </div>
    </aside>
  );
}
