import { farmNameSchema, type FarmFeature } from '@paddock/shared/contracts';
import { queryKeys, useAction, useQueryClient } from '@paddock/shared/query';
import { Button } from '@paddock/shared/ui';
import { Form, ruleOf, TextField } from '@paddock/shared/ui/form';
import { useFarms } from '../../context';
import { messages } from '../../lib/messages';
import styles from './FarmDetailsPage.module.css';

interface RenameFarmProps {
  farmId: string;
  name: string;
  /** Saved (the page shows the new name) or nothing to save. */
  onDone(): void;
  onCancel(): void;
}

const nameRule = ruleOf<string>(farmNameSchema);

/** Inline rename (spec README: trimmed, 1 to 100 characters, messages in the style of create). */
export function RenameFarm({ farmId, name, onDone, onCancel }: RenameFarmProps) {
  const { api } = useFarms();
  const client = useQueryClient();
  const rename = useAction({
    run: (farmName: string) => api.renameFarm(farmId, farmName),
    success: messages.farmRenamed,
    events: () => [['paddock:farm-changed', { farmId, change: 'updated' }]],
    invalidates: [queryKeys.farms.lists()],
    onSuccess: (_none, farmName) => {
      client.setQueryData<FarmFeature>(queryKeys.farms.detail(farmId), (farm) =>
        farm ? { ...farm, properties: { ...farm.properties, farm_name: farmName } } : farm,
      );
      onDone();
    },
  });
  const busy = rename.busy;

  return (
    <Form<{ name?: string }>
      initialValues={{ name }}
      onSubmit={({ name: typed = '' }) => {
        const next = farmNameSchema.parse(typed);
        if (next === name) onCancel();
        else void rename.trigger(next);
      }}
      subscription={{}}
      render={({ handleSubmit }) => (
        <form
          noValidate
          className={styles.renameForm}
          onSubmit={handleSubmit}
          onKeyDown={(event) => {
            // Escape anywhere in the form (the box or its buttons) leaves the name as it was.
            if (event.key === 'Escape' && !busy) onCancel();
          }}
        >
          <TextField
            name="name"
            label="Farm name"
            className={styles.renameField}
            validate={nameRule}
            maxLength={200}
            autoComplete="off"
            disabled={busy}
            // Focus lands in the box the user just asked to edit.
            autoFocus
          />
          <div className={styles.renameActions}>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Saving…' : 'Save'}
            </Button>
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    />
  );
}
