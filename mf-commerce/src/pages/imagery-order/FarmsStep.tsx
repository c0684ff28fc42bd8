import type { FieldFeature } from '@paddock/shared/contracts';
import { formatHectares } from '@paddock/shared/format';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { Button, QueryStatus } from '@paddock/shared/ui';
import { useCommerce } from '../../context';
import { FarmFieldsMap } from './FarmFieldsMap';
import type { ChosenField, FarmChoice } from './wizard';
import styles from './ImageryOrder.module.css';
import layout from '../../components/layout/layout.module.css';

interface FarmsStepProps {
  farms: FarmChoice[];
  onFields(farmId: string, fields: ChosenField[]): void;
  onRemove(farmId: string): void;
  onPickFarm(): void;
}

const toChosen = (field: FieldFeature): ChosenField => ({
  id: field.id,
  name: field.properties.field_name,
  area: field.properties.area,
  cropType: field.properties.field_crop_type,
});

/** Step 1: farms from the picker, and per farm its fields (map of mf-map and a list, in step). */
export function FarmsStep({ farms, onFields, onRemove, onPickFarm }: FarmsStepProps) {
  return (
    <section className={layout.section} aria-labelledby="farms-step">
      <h2 id="farms-step" className={layout.sectionTitle}>
        Select Farm &amp; Fields
      </h2>
      {farms.length === 0 ? (
        <>
          <p className={styles.muted}>Choose the farm whose fields you want imagery of.</p>
          <div>
            <Button onClick={onPickFarm}>Select Farm</Button>
          </div>
        </>
      ) : (
        farms.map((choice) => (
          <FarmFields
            key={choice.farm.farm_id}
            choice={choice}
            onFields={(fields) => onFields(choice.farm.farm_id, fields)}
            onRemove={() => onRemove(choice.farm.farm_id)}
          />
        ))
      )}
    </section>
  );
}

function FarmFields({
  choice,
  onFields,
  onRemove,
}: {
  choice: FarmChoice;
  onFields(fields: ChosenField[]): void;
  onRemove(): void;
}) {
  const { ordersApi } = useCommerce();
  const { farm } = choice;
  const fields = useQuery({
    queryKey: queryKeys.farms.fields(farm.farm_id),
    queryFn: () => ordersApi.fields(farm.farm_id),
  });
  const selectedIds = choice.fields.map((field) => field.id);
  const choose = (ids: string[]) =>
    onFields((fields.data ?? []).filter((field) => ids.includes(field.id)).map(toChosen));
  const toggle = (id: string, on: boolean) =>
    choose(on ? [...selectedIds, id] : selectedIds.filter((selected) => selected !== id));

  return (
    <article className={layout.section} aria-label={farm.farm_name}>
      <div className={styles.farmHeader}>
        <h3 className={layout.sectionTitle}>{farm.farm_name}</h3>
        <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${farm.farm_name}`}>
          Remove farm
        </Button>
      </div>
      {!fields.isSuccess ? (
        <QueryStatus
          query={fields}
          loading={`Loading the fields of ${farm.farm_name}`}
          failed="The fields could not be loaded"
        />
      ) : (
        <div className={styles.farmBody}>
          <FarmFieldsMap farmId={farm.farm_id} farmName={farm.farm_name} selected={selectedIds} onSelect={choose} />
          <fieldset className={styles.methods}>
            <legend className={styles.muted}>
              {selectedIds.length} of {fields.data.length} fields selected
            </legend>
            <ul className={styles.fieldList}>
              {fields.data.map((field) => (
                <li key={field.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={selectedIds.includes(field.id)}
                      onChange={(event) => toggle(field.id, event.target.checked)}
                    />
                    <span>
                      {field.properties.field_name}{' '}
                      <span className={styles.muted}>({formatHectares(field.properties.area)} ha)</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </div>
      )}
    </article>
  );
}
