import { useEffect, useId, useMemo, useState, type CSSProperties } from 'react';
import type { FieldFeature } from '@paddock/shared/contracts';
import { formatHectares } from '@paddock/shared/format';
import { IconButton } from '@paddock/shared/ui';
import { cropColour } from './cropColour';
import { FieldThumb } from './FieldThumb';
import styles from './FieldMenu.module.css';

/** Row height in px; the list draws only the rows in view, so thousands of fields stay quick. */
export const ROW_HEIGHT = 56;
const OVERSCAN = 6;
/** Until the list has measured itself (and in environments that cannot measure). */
const DEFAULT_HEIGHT = 640;

interface FieldListProps {
  fields: FieldFeature[];
  selected: ReadonlySet<string>;
  canEdit: boolean;
  onToggle(fieldId: string): void;
  onEdit(fieldId: string): void;
  onDelete(field: FieldFeature): void;
  /** Why a field cannot be chosen now (zoning's area limit), or null when it can. */
  unavailableReason?(field: FieldFeature): string | null;
}

function FieldRow({
  field,
  index,
  total,
  checked,
  canEdit,
  onToggle,
  onEdit,
  onDelete,
  unavailable,
}: Omit<FieldListProps, 'fields' | 'selected' | 'unavailableReason'> & {
  field: FieldFeature;
  index: number;
  total: number;
  checked: boolean;
  unavailable: string | null;
}) {
  const name = field.properties.field_name;
  const id = useId();
  const style: CSSProperties = { top: index * ROW_HEIGHT, height: ROW_HEIGHT };
  return (
    <li
      className={styles.row}
      style={style}
      aria-posinset={index + 1}
      aria-setsize={total}
      data-selected={checked || undefined}
      data-disabled={unavailable !== null || undefined}
    >
      <label className={styles.rowLabel} title={unavailable ?? undefined}>
        <input
          type="checkbox"
          className={styles.checkbox}
          checked={checked}
          disabled={unavailable !== null}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-meta`}
          onChange={() => onToggle(field.id)}
        />
        <FieldThumb field={field} colour={cropColour(field.properties.field_crop_type)} />
        <span className={styles.rowText}>
          <span id={`${id}-name`} className={styles.rowName}>
            {name}
          </span>
          <span id={`${id}-meta`} className={styles.rowMeta}>
            <span
              className={styles.cropSwatch}
              style={{ background: cropColour(field.properties.field_crop_type) }}
              aria-hidden="true"
            />
            {formatHectares(field.properties.area)} ha · {field.properties.field_crop_type ?? 'No crop type'}
            {unavailable !== null && <span className={styles.rowReason}>{unavailable}</span>}
          </span>
        </span>
      </label>
      {canEdit && (
        <span className={styles.rowActions}>
          <IconButton icon="pencil" label={`Edit ${name}`} title="Edit" onClick={() => onEdit(field.id)} />
          <IconButton
            icon="trash"
            tone="danger"
            label={`Delete ${name}`}
            title="Delete"
            onClick={() => onDelete(field)}
          />
        </span>
      )}
    </li>
  );
}

/** The field menu's list: a checkbox per field, its area and crop, and (for editors) Edit and Delete. */
export function FieldList({
  fields,
  selected,
  canEdit,
  onToggle,
  onEdit,
  onDelete,
  unavailableReason,
}: FieldListProps) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(DEFAULT_HEIGHT);

  useEffect(() => {
    if (!viewport || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.height > 0) setHeight(entry.contentRect.height);
    });
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [viewport]);

  // A field selected on the map (or found by the search) is brought into view in the list.
  const lastSelected = [...selected].at(-1);
  useEffect(() => {
    if (!viewport || !lastSelected || viewport.clientHeight === 0) return;
    const index = fields.findIndex((f) => f.id === lastSelected);
    const top = index * ROW_HEIGHT;
    if (index >= 0 && (top < viewport.scrollTop || top + ROW_HEIGHT > viewport.scrollTop + viewport.clientHeight)) {
      viewport.scrollTo({ top: Math.max(0, top - viewport.clientHeight / 3) });
    }
  }, [viewport, fields, lastSelected]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(fields.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const rows = useMemo(() => fields.slice(first, last), [fields, first, last]);

  return (
    <div
      ref={setViewport}
      className={styles.viewport}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <ul className={styles.list} style={{ height: fields.length * ROW_HEIGHT }} aria-label="Fields">
        {rows.map((field, offset) => (
          <FieldRow
            key={field.id}
            field={field}
            index={first + offset}
            total={fields.length}
            checked={selected.has(field.id)}
            canEdit={canEdit}
            onToggle={onToggle}
            onEdit={onEdit}
            onDelete={onDelete}
            unavailable={unavailableReason?.(field) ?? null}
          />
        ))}
      </ul>
    </div>
  );
}
