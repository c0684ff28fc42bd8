import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { useShallow } from 'zustand/react/shallow';
import { fieldNameSchema } from '@paddock/shared/contracts';
import { Button, controls } from '@paddock/shared/ui';
import { controlStyles, Form, FormSpy, ruleOf, TextField, useField } from '@paddock/shared/ui/form';
import { dialogStyles } from '@paddock/shared/ui/modal';
import { Icon } from '@paddock/shared/ui';
import { approxHectares } from '../map-core/measure';
import { useMapStore, useMapStoreApi } from '../store';
import { checkDetails } from './fieldDetails';
import { useCropTypes } from '../api/useCropTypes';
import styles from './Manage.module.css';

interface DetailsValues {
  name?: string;
  cropType?: string;
}

const nameRule = ruleOf<string>(fieldNameSchema);

/**
 * The crop type as a field of the form kit: a searchable list (there are many crop types). Its
 * message shows from the start, since Save Field stays disabled until one is chosen (spec 1 §5).
 */
function CropTypeField({ error, disabled }: { error: string | null; disabled: boolean }) {
  const { input } = useField<string | undefined>('cropType');
  const { cropTypes, failed, retry } = useCropTypes();
  const items = useMemo(() => cropTypes.map((name) => ({ id: name, name })), [cropTypes]);
  const errorId = useId();
  return (
    <div className={controlStyles.field}>
      <ComboBox
        className={controlStyles.field}
        defaultItems={items}
        value={input.value || null}
        onChange={(key) => input.onChange(key === null ? undefined : String(key))}
        menuTrigger="focus"
        isRequired
        isDisabled={disabled}
        aria-describedby={error ? errorId : undefined}
      >
        <Label className={controlStyles.label}>Crop Type</Label>
        <div className={styles.combo}>
          <Input
            className={controlStyles.input}
            placeholder={cropTypes.length ? 'Choose a crop type' : 'Loading crop types…'}
            aria-invalid={error ? true : undefined}
          />
          <AriaButton className={styles.comboButton} aria-label="Show crop types">
            <Icon name="chevron" size={16} />
          </AriaButton>
        </div>
        <Popover className={controls.popover}>
          <ListBox
            className={controls.listBox}
            renderEmptyState={() => <p className={controls.empty}>No crop type matches.</p>}
          >
            {(item: { id: string; name: string }) => (
              <ListBoxItem id={item.id} className={controls.option}>
                {item.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {failed && (
        <p className={controlStyles.error} role="alert">
          The crop types could not be loaded.{' '}
          <button type="button" className={styles.inlineButton} onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {error && (
        <p id={errorId} className={controlStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Spec 1 §2.7/§5: Field Name, Crop Type (required), Field Area read-only as 'Approx. n ha', Save Field
 * and Cancel. The values also go to the map store, so 'Save changes and continue' can save them.
 */
export function FieldDetailsPanel({
  busy,
  onSave,
  extra,
}: {
  busy: boolean;
  onSave(): void;
  /** The farm page's additions for a saved field (its scouting notes), under the form. */
  extra?: (fieldId: string) => ReactNode;
}) {
  const store = useMapStoreApi();
  const currentField = useMapStore((s) => s.currentField);
  const { name, cropType, areaHa } = useMapStore(
    useShallow((s) => ({ name: s.drawing.name, cropType: s.drawing.cropType, areaHa: s.drawing.areaHa })),
  );
  // The form starts from the drawing as the panel opens; it is remounted for each field.
  const [initialValues] = useState<DetailsValues>(() => ({ name, cropType: cropType ?? undefined }));
  const headingId = useId();
  const areaId = useId();
  const check = checkDetails(name, cropType);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        Field Details
      </h2>
      <Form<DetailsValues>
        initialValues={initialValues}
        onSubmit={() => {
          if (check.canSave && !busy) onSave();
        }}
        subscription={{}}
        render={({ handleSubmit }) => (
          <form noValidate className={dialogStyles.stack} onSubmit={handleSubmit}>
            <FormSpy<DetailsValues>
              subscription={{ values: true }}
              onChange={({ values }) =>
                store.getState().setDetails({ name: values.name ?? '', cropType: values.cropType ?? null })
              }
            />
            <TextField name="name" label="Field Name" validate={nameRule} maxLength={200} disabled={busy} />
            <CropTypeField error={check.cropTypeError} disabled={busy} />
            <div className={controlStyles.field}>
              <label htmlFor={areaId} className={controlStyles.label}>
                Field Area
              </label>
              <input
                id={areaId}
                className={`${controlStyles.input} ${styles.readOnly}`}
                readOnly
                value={approxHectares(areaHa ?? 0)}
              />
            </div>
            <div className={dialogStyles.actions}>
              <Button variant="secondary" onClick={() => store.getState().cancelDrawing()} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={!check.canSave || busy} aria-busy={busy || undefined}>
                {busy ? 'Saving…' : 'Save Field'}
              </Button>
            </div>
          </form>
        )}
      />
      {currentField && extra?.(currentField)}
    </section>
  );
}
