import { useMemo } from 'react';
import { Button as AriaButton, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import type { ConvertedFeature } from '@paddock/shared/contracts';
import { Button, ErrorState, Spinner } from '@paddock/shared/ui';
import { dialogStyles as dialog } from '@paddock/shared/ui/modal';
import { controlStyles as form } from '@paddock/shared/ui/form';
import { Icon } from '@paddock/shared/ui';
import { FieldsPreview } from './FieldsPreview';
import { attributeNames, cropTypeFor, fieldNameFor, type ImportSummary } from './importFields';
import type { useCropTypes } from './useCropTypes';
import type { ImportSave, ImportTarget } from './useImportSave';
import styles from './ImportWizard.module.css';

const NONE = 'none';
const SAMPLE_SIZE = 5;
const optionId = (attribute: string) => `attribute:${attribute}`;

interface AttributeSelectProps {
  attributes: string[];
  value: string | null;
  disabled: boolean;
  onChange(attribute: string | null): void;
  label?: string;
  noneLabel?: string;
}

/**
 * Which attribute of the file supplies the Field Name (spec 1 §2.6; none → 'field 1', 'field 2', …),
 * or the Crop Type (issue 10 §6; none → Other).
 */
function AttributeSelect({
  attributes,
  value,
  disabled,
  onChange,
  label = 'Field Name',
  noneLabel = "None (name them 'field 1', 'field 2', …)",
}: AttributeSelectProps) {
  const items = [{ id: NONE, label: noneLabel }, ...attributes.map((name) => ({ id: optionId(name), label: name }))];
  const byId = new Map(attributes.map((name) => [optionId(name), name]));
  return (
    <Select
      className={styles.select}
      value={value === null ? NONE : optionId(value)}
      onChange={(key) => onChange(byId.get(String(key)) ?? null)}
      isDisabled={disabled}
    >
      <Label className={form.label}>{label}</Label>
      <AriaButton className={styles.selectButton}>
        <SelectValue className={styles.selectValue} />
        <Icon name="chevron" />
      </AriaButton>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox} items={items}>
          {(item) => (
            <ListBoxItem id={item.id} className={styles.option}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

function SaveProblem({ save, farmName }: { save: ImportSave; farmName: string }) {
  if (!save.error) return null;
  if (!save.farmLeftBehind)
    return (
      <p className={dialog.warning} role="alert">
        The fields were not saved: {save.error}
      </p>
    );
  const saved = save.savedCount > 0 ? ` (${save.savedCount} of them were)` : '';
  return (
    <div className={dialog.warning} role="alert">
      <p>
        The farm {farmName} was created, but its fields were not all saved{saved}. Press Save to try again, or delete
        the farm and start over.
      </p>
      <p>{save.error}</p>
      <div className={dialog.actions}>
        <Button variant="danger" onClick={save.deleteCreatedFarm}>
          Delete {farmName}
        </Button>
      </div>
    </div>
  );
}

interface MatchStepProps {
  target: ImportTarget;
  features: readonly ConvertedFeature[];
  summary: ImportSummary;
  attribute: string | null;
  onAttributeChange(attribute: string | null): void;
  /** The attribute holding the crop (null: every field is Other). */
  cropAttribute: string | null;
  onCropAttributeChange(attribute: string | null): void;
  cropTypes: ReturnType<typeof useCropTypes>;
  save: ImportSave;
  onBack(): void;
  onSave(): void;
}

/** Step 2: match the Field Name, see what will be saved, then save. */
export function MatchStep({
  target,
  features,
  summary,
  attribute,
  onAttributeChange,
  cropAttribute,
  onCropAttributeChange,
  cropTypes,
  save,
  onBack,
  onSave,
}: MatchStepProps) {
  const attributes = useMemo(() => attributeNames(features), [features]);
  const { types } = cropTypes;
  const sample = useMemo(
    () =>
      features.slice(0, SAMPLE_SIZE).map((feature, index) => ({
        name: fieldNameFor(feature, index, attribute),
        cropType: types ? cropTypeFor(feature, types, cropAttribute) : null,
      })),
    [features, attribute, cropAttribute, types],
  );
  const farmName = target.mode === 'create' ? target.farmName : target.farm.farm_name;
  const busy = save.saving || save.deleting;

  if (cropTypes.error)
    return <ErrorState title="We could not load the crop types" message={cropTypes.error} onRetry={cropTypes.reload} />;
  return (
    <div className={dialog.stack}>
      <AttributeSelect
        attributes={attributes}
        value={attribute}
        disabled={busy || save.savedCount > 0}
        onChange={onAttributeChange}
      />
      <AttributeSelect
        attributes={attributes}
        value={cropAttribute}
        disabled={busy || save.savedCount > 0}
        onChange={onCropAttributeChange}
        label="Crop Type"
        noneLabel="None (every field is Other)"
      />
      <p className={form.hint}>
        Each field takes the crop its attribute names when it matches one of ours (&apos;WHEAT&apos; or &apos;Canola
        TT&apos; will do); otherwise it is Other. You can change crops later in the field list.
      </p>
      <FieldsPreview features={features} summary={summary} sample={sample} />
      <SaveProblem save={save} farmName={farmName} />
      {save.deleting && (
        <div className={styles.status} role="status">
          <Spinner label="Deleting" /> Deleting {farmName}…
        </div>
      )}
      {save.progress && (
        <div className={styles.status} role="status">
          <Spinner label="Saving" /> Saving fields… {save.progress.saved} of {save.progress.total}
        </div>
      )}
      <div className={dialog.actions}>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Go Back
        </Button>
        <Button
          onClick={onSave}
          disabled={busy || !types || features.length === 0}
          aria-busy={save.saving || undefined}
        >
          {save.saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </div>
  );
}
