import { useState, type FormEvent } from 'react';
import { collaboratorPermissions, type CollaboratorPermission } from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import { queryKeys, useAction, type Action } from '@paddock/shared/query';
import { useFarms } from '../../context';
import { messages } from '../../lib/messages';
import { roleLabel } from '../../lib/roles';
import { AppModal, dialogStyles as dialog } from '@paddock/shared/ui/modal';
import { controlStyles as form, PlainSelect, Options } from '@paddock/shared/ui/form';
import { EmailChips } from './EmailChips';
import { useEmailChips } from './useEmailChips';
import styles from './ShareModal.module.css';

export interface ShareTarget {
  id: string;
  name: string;
}

interface ShareModalProps {
  /** One farm (a row's Share, Invite Collaborator) or several (Share Multiple Farms). */
  farms: ShareTarget[];
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** Called after the server accepted the invitations, e.g. to reload collaborators. */
  onShared?(): void;
  title?: string;
}

function FarmNames({ farms }: { farms: ShareTarget[] }) {
  if (farms.length === 1)
    return (
      <p className={dialog.text}>
        Invite people to <strong>{farms[0]?.name}</strong>.
      </p>
    );
  return (
    <div>
      <p className={dialog.text}>Invite people to these {farms.length} farms:</p>
      <ul className={styles.farmList}>
        {farms.map((farm) => (
          <li key={farm.id}>{farm.name}</li>
        ))}
      </ul>
    </div>
  );
}

function PermissionSelect({
  value,
  onChange,
  disabled,
}: {
  value: CollaboratorPermission;
  onChange(value: CollaboratorPermission): void;
  disabled: boolean;
}) {
  return (
    <PlainSelect
      label="Permission"
      selectClassName={form.inline}
      value={value}
      disabled={disabled}
      hint="Editors can rename the farm and manage its fields; viewers can only look."
      onChange={(next) => onChange(collaboratorPermissions.find((p) => p === next) ?? 'viewer')}
    >
      <Options values={collaboratorPermissions} label={roleLabel} />
    </PlainSelect>
  );
}

interface Invitation {
  farmIds: string[];
  emails: string[];
  permission: CollaboratorPermission;
}

/** Sends the invitations; 401/403 carry the server's detail and a 422 its first msg (the default failure message). */
function useShare(onDone: () => void) {
  const { api } = useFarms();
  return useAction({
    run: ({ farmIds, emails, permission }: Invitation) => api.shareFarms(farmIds, emails, permission),
    success: messages.farmsShared,
    events: (_none, { farmIds }) =>
      farmIds.map((farmId) => ['paddock:farm-changed', { farmId, change: 'updated' }] as const),
    // Collaborators show in the list's avatars and on the details page.
    invalidates: [queryKeys.farms.all],
    onSuccess: onDone,
  });
}

function ShareForm({
  farms,
  share,
  onCancel,
}: {
  farms: ShareTarget[];
  share: Action<Invitation, unknown>;
  onCancel(): void;
}) {
  const chips = useEmailChips();
  const [permission, setPermission] = useState<CollaboratorPermission>('viewer');
  const busy = share.busy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emails = chips.collect();
    if (emails) void share.trigger({ farmIds: farms.map((farm) => farm.id), emails, permission });
  };

  return (
    <form noValidate className={dialog.stack} onSubmit={submit}>
      <FarmNames farms={farms} />
      <EmailChips chips={chips} disabled={busy} />
      <PermissionSelect value={permission} onChange={setPermission} disabled={busy} />
      <div className={dialog.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Sharing…' : 'Share'}
        </Button>
      </div>
    </form>
  );
}

/** Spec 1 §4.4/§5/§8: invite collaborators by e-mail to one or several farms as editor or viewer. */
export function ShareModal({ farms, isOpen, onOpenChange, onShared, title }: ShareModalProps) {
  const heading = title ?? (farms.length > 1 ? 'Share Multiple Farms' : 'Share Farm');
  const close = () => onOpenChange(false);
  const share = useShare(() => {
    close();
    onShared?.();
  });
  return (
    <AppModal title={heading} isOpen={isOpen} onOpenChange={onOpenChange} isBusy={share.busy}>
      <ShareForm farms={farms} share={share} onCancel={close} />
    </AppModal>
  );
}
