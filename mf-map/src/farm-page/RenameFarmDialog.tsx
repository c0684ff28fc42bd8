import { farmNameSchema, type FarmFeature } from '@paddock/shared/contracts';
import { useAction, useQueryClient } from '@paddock/shared/query';
import { Button } from '@paddock/shared/ui';
import { Form, ruleOf, TextField } from '@paddock/shared/ui/form';
import { AppModal, dialogStyles } from '@paddock/shared/ui/modal';
import { useMapArea } from '../context';
import { messages } from '../messages';
import { farmSaved } from '../map-core/farmData';

const nameRule = ruleOf<string>(farmNameSchema);

interface RenameFarmDialogProps {
  farm: { id: string; name: string };
  isOpen: boolean;
  onClose(): void;
}

/** More-menu → Rename Farm (PUT v2/farms/{id}); the name follows the create-farm rules (spec README). */
export function RenameFarmDialog({ farm, isOpen, onClose }: RenameFarmDialogProps) {
  const { api } = useMapArea();
  const client = useQueryClient();
  const rename = useAction({
    run: (farmName: string) => api.renameFarm(farm.id, farmName),
    success: messages.farmRenamed,
    failure: 'The farm could not be renamed.',
    events: () => [['paddock:farm-changed', { farmId: farm.id, change: 'updated' }]],
    onSuccess: (renamed: FarmFeature) => {
      farmSaved(client, renamed);
      onClose();
    },
  });
  const busy = rename.busy;

  return (
    <AppModal title="Rename Farm" isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isBusy={busy}>
      <Form<{ name?: string }>
        initialValues={{ name: farm.name }}
        onSubmit={({ name: typed = '' }) => {
          const next = farmNameSchema.parse(typed);
          if (next === farm.name) onClose();
          else void rename.trigger(next);
        }}
        subscription={{}}
        render={({ handleSubmit }) => (
          <form noValidate className={dialogStyles.stack} onSubmit={handleSubmit}>
            <TextField
              name="name"
              label="Farm name"
              validate={nameRule}
              maxLength={200}
              autoComplete="off"
              disabled={busy}
              autoFocus
            />
            <div className={dialogStyles.actions}>
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
                {busy ? 'Saving…' : 'Save'}
              </Button>
            </div>
          </form>
        )}
      />
    </AppModal>
  );
}
