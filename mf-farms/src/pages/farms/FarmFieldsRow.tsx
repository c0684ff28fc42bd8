import type { FarmProperties, FieldFeature } from '@paddock/shared/contracts';
import { formatArea, formatDate } from '@paddock/shared/format';
import { Button, Spinner } from '@paddock/shared/ui';
import { FieldThumbnail } from '../../components/thumbnail/FieldThumbnail';
import { useFarms } from '../../context';
import { useFarmFields } from '../../hooks/useFarmFields';
import { messages } from '../../lib/messages';
import { paths } from '@paddock/shared/contracts';
import { goTo } from '@paddock/shared/ui';
import styles from './FarmsPage.module.css';

interface FarmFieldsRowProps {
  farm: FarmProperties;
  colSpan: number;
  /** The id the expand button points at with aria-controls. */
  id: string;
}

function FieldItem({ farmId, field }: { farmId: string; field: FieldFeature }) {
  const { basename } = useFarms();
  const { field_name: name, field_crop_type: crop, area, updated_on: updated } = field.properties;
  return (
    <li className={styles.fieldItem}>
      <FieldThumbnail geometry={field.geometry} name={name} />
      <div className={styles.fieldMain}>
        <button
          type="button"
          className={styles.fieldName}
          onClick={() => goTo(basename, paths.farmMap(farmId), { selectedField: field.properties.id, view: true })}
        >
          {name}
        </button>
        <span className={crop ? styles.fieldCrop : styles.fieldCropEmpty}>{crop || messages.selectCropType}</span>
      </div>
      <dl className={styles.fieldFacts}>
        <div>
          <dt>Area</dt>
          <dd>{formatArea(area)}</dd>
        </div>
        <div>
          <dt>Last updated</dt>
          <dd>{formatDate(updated, 'long')}</dd>
        </div>
      </dl>
    </li>
  );
}

function FieldsBody({ farm }: { farm: FarmProperties }) {
  const { fields, error, loading, retry } = useFarmFields(farm.farm_id);
  if (loading) {
    return (
      <div className={styles.fieldsState}>
        <Spinner label={`Loading fields of ${farm.farm_name}`} />
        <span>Loading fields…</span>
      </div>
    );
  }
  if (error || !fields) {
    return (
      <div className={styles.fieldsState} role="alert">
        <span>{error}</span>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (fields.length === 0) return <p className={styles.fieldsState}>This farm has no fields yet.</p>;
  return (
    <ul className={styles.fieldList} aria-label={`Fields of ${farm.farm_name}`}>
      {fields.map((field) => (
        <FieldItem key={field.properties.id} farmId={farm.farm_id} field={field} />
      ))}
    </ul>
  );
}

/** The expanded row under a farm: its fields, fetched when the row opens (spec 1 §2.3). */
export function FarmFieldsRow({ farm, colSpan, id }: FarmFieldsRowProps) {
  return (
    <tr className={styles.expandedRow}>
      <td colSpan={colSpan} id={id}>
        <FieldsBody farm={farm} />
      </td>
    </tr>
  );
}
