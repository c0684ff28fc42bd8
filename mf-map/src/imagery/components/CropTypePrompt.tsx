import { useState } from 'react';
import { Button as AriaButton, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import type { FieldFeature } from '@paddock/shared/contracts';
import { Button, controls } from '@paddock/shared/ui';
import { AppModal, dialogStyles } from '@paddock/shared/ui/modal';
import { failureMessage } from '@paddock/shared/api-client';
import { useAction, useQueryClient } from '@paddock/shared/query';
import { controlStyles } from '@paddock/shared/ui/form';
import { Icon } from '@paddock/shared/ui';
import { useCropTypes } from '../../api/useCropTypes';
import { useMapArea } from '../../context';
import { messages } from '../../messages';
import { fieldsUpdated } from '../../map-core/farmData';
import { imageryMessages } from '../../map-core/imagery/labels';
import styles from '../imagery.module.css';

interface CropTypePromptProps {
  field: FieldFeature | null;
  /** The crop type was saved: go on with the date. */
  onSaved(): void;
  onCancel(): void;
}

/**
 * Spec 2 §4: before imagery of a single field without a crop type, the user gives its crop type
 * (PUT v2/fields/{id}); the date opens once it is saved.
 */
export function CropTypePrompt({ field, onSaved, onCancel }: CropTypePromptProps) {
  const { api } = useMapArea();
  const client = useQueryClient();
  const { cropTypes, failed, retry } = useCropTypes();
  const [choice, setChoice] = useState<string | null>(null);
  const saveCropType = useAction({
    run: ({ fieldId, cropType }: { fieldId: string; cropType: string }) => api.updateField(fieldId, { cropType }),
    success: messages.cropTypeUpdated,
    failure: (error) => failureMessage(imageryMessages.cropTypeUpdateFailed, error),
    onSuccess: (saved) => {
      fieldsUpdated(client, saved.properties.farm_id, [saved]);
      setChoice(null);
      onSaved();
    },
  });
  const busy = saveCropType.busy;

  const close = () => {
    setChoice(null);
    onCancel();
  };
  const save = () => {
    if (field && choice) void saveCropType.trigger({ fieldId: field.id, cropType: choice });
  };

  return (
    <AppModal
      title={imageryMessages.selectCropType}
      isOpen={field !== null}
      isBusy={busy}
      onOpenChange={(open) => !open && close()}
    >
      <div className={dialogStyles.stack}>
        <p className={dialogStyles.text}>{messages.cropTypeRequired}</p>
        <Select
          className={controlStyles.field}
          value={choice}
          onChange={(key) => setChoice(key === null ? null : String(key))}
          isDisabled={busy}
        >
          <Label className={controlStyles.label}>This season's crop for {field?.properties.field_name}</Label>
          <AriaButton className={styles.selectButton}>
            <SelectValue>
              {({ isPlaceholder, defaultChildren }) =>
                isPlaceholder ? (cropTypes.length ? 'Choose a crop type' : 'Loading crop types…') : defaultChildren
              }
            </SelectValue>
            <Icon name="chevron" size={16} />
          </AriaButton>
          <Popover className={controls.popover}>
            <ListBox className={controls.listBox}>
              {cropTypes.map((name) => (
                <ListBoxItem key={name} id={name} className={controls.option}>
                  {name}
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
        {failed && (
          <p className={controlStyles.error} role="alert">
            The crop types could not be loaded.{' '}
            <button type="button" className={styles.textButton} onClick={retry}>
              Try again
            </button>
          </p>
        )}
        <div className={dialogStyles.actions}>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={save} disabled={!choice || busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </div>
    </AppModal>
  );
}
