import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  type Key,
} from 'react-aria-components';
import type { FieldFeature } from '@paddock/shared/contracts';
import { useAction, useQueryClient } from '@paddock/shared/query';
import type { FindApi } from '../api/findApi';
import { Icon, controls } from '@paddock/shared/ui';
import { fieldsUpdated } from '../map-core/farmData';
import styles from './SetCropControl.module.css';

export interface SetCropControlProps {
  api: Pick<FindApi, 'setCropType'>;
  farmId: string;
  fieldIds: readonly string[];
  cropTypes: readonly string[];
}

const fieldsWord = (count: number) => (count === 1 ? '1 field' : `${count} fields`);

/**
 * Sets the crop of the selected fields in place (issue 10 §6): one pick, one request (PATCH
 * v2/farms/{farm_id}/fields/crop_type), the list and map updated from the answer.
 */
export function SetCropControl({ api, farmId, fieldIds, cropTypes }: SetCropControlProps) {
  const client = useQueryClient();
  const setCrop = useAction<{ crop: string; ids: readonly string[] }, FieldFeature[]>({
    run: ({ crop, ids }) => api.setCropType(farmId, ids, crop),
    success: (fields, { crop }) => `${fieldsWord(fields.length)} set to ${crop}`,
    failure: "Can't change the crop type!",
    onSuccess: (fields) => fieldsUpdated(client, farmId, fields),
  });
  const label = `Set crop of ${fieldsWord(fieldIds.length)}`;
  return (
    <Select
      className={styles.select}
      aria-label={label}
      selectedKey={null}
      placeholder="Set crop"
      isDisabled={setCrop.busy || cropTypes.length === 0}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) void setCrop.trigger({ crop: String(key), ids: [...fieldIds] });
      }}
    >
      <AriaButton className={styles.button}>
        <SelectValue className={styles.value}>{() => (setCrop.busy ? 'Saving…' : 'Set crop')}</SelectValue>
        <Icon name="chevron" size={14} />
      </AriaButton>
      <Popover className={controls.popover} placement="bottom start">
        <ListBox className={controls.listBox} items={cropTypes.map((crop) => ({ id: crop }))}>
          {(item) => (
            <ListBoxItem id={item.id} className={controls.option}>
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
