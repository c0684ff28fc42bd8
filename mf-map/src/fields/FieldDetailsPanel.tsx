import { useId, useMemo, type FormEvent } from 'react';
import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '@paddock/shared/ui';
import { checkDetails } from './fieldDetails';
import { useCropTypes } from './useCropTypes';
import { approxHectares } from '../measure/measure';
import { useMapStore, useMapStoreApi } from '../store';
import { Icon } from '../controls/icons';
import controls from '../controls/controls.module.css';
import styles from './Manage.module.css';

function CropTypeField({ value, error, disabled }: { value: string | null; error: string | null; disabled: boolean }) {
  const store = useMapStoreApi();
  const { cropTypes, failed, retry } = useCropTypes();
  const items = useMemo(() => cropTypes.map((name) => ({ id: name, name })), [cropTypes]);
  const errorId = useId();
  return (
    <div className={controls.field}>
      <ComboBox
        className={controls.field}
        defaultItems={items}
        value={value}
        onChange={(key) => store.getState().setDetails({ cropType: key === null ? null : String(key) })}
        menuTrigger="focus"
        isRequired
        isDisabled={disabled}
        aria-describedby={error ? errorId : undefined}
      >
        <Label className={controls.label}>Crop Type</Label>
        <div className={styles.combo}>
          <Input
            className={controls.input}
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
        <p className={controls.error} role="alert">
          The crop types could not be loaded.{' '}
          <button type="button" className={styles.inlineButton} onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {error && (
        <p id={errorId} className={controls.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Spec 1 §2.7/§5: Field Name, Crop Type (required), Field Area read-only as 'Approx. n Ha', Save Field and Cancel. */
export function FieldDetailsPanel({ busy, onSave }: { busy: boolean; onSave(): void }) {
  const store = useMapStoreApi();
  const { name, cropType, areaHa } = useMapStore(
    useShallow((s) => ({ name: s.drawing.name, cropType: s.drawing.cropType, areaHa: s.drawing.areaHa })),
  );
  const headingId = useId();
  const nameId = useId();
  const areaId = useId();
  const check = checkDetails(name, cropType);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.canSave && !busy) onSave();
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        Field Details
      </h2>
      <form noValidate className={controls.stack} onSubmit={submit}>
        <div className={controls.field}>
          <label htmlFor={nameId} className={controls.label}>
            Field Name
          </label>
          <input
            id={nameId}
            className={controls.input}
            value={name}
            maxLength={200}
            disabled={busy}
            aria-invalid={check.nameError ? true : undefined}
            aria-describedby={check.nameError ? `${nameId}-error` : undefined}
            onChange={(event) => store.getState().setDetails({ name: event.target.value })}
          />
          {check.nameError && (
            <p id={`${nameId}-error`} className={controls.error}>
              {check.nameError}
            </p>
          )}
        </div>
        <CropTypeField value={cropType} error={check.cropTypeError} disabled={busy} />
        <div className={controls.field}>
          <label htmlFor={areaId} className={controls.label}>
            Field Area
          </label>
          <input id={areaId} className={controls.input} readOnly value={approxHectares(areaHa ?? 0)} />
        </div>
        <div className={controls.actions}>
          <Button variant="secondary" onClick={() => store.getState().cancelDrawing()} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={!check.canSave || busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : 'Save Field'}
          </Button>
        </div>
      </form>
    </section>
  );
}
