import { useState } from 'react';
import type { Collaborator, FarmFeature, FarmProperties } from '@paddock/shared/contracts';
import { queryKeys, useAction, useQueryClient } from '@paddock/shared/query';
import { Button, IconButton, controls, ActionsHeader } from '@paddock/shared/ui';
import { ConfirmDialog } from '@paddock/shared/ui/modal';
import { Icon } from '@paddock/shared/ui';
import { ShareModal } from '../../components/share/ShareModal';
import { useFarms } from '../../context';
import { messages } from '../../lib/messages';
import { abilitiesOf, roleLabel } from '../../lib/roles';
import styles from './FarmDetailsPage.module.css';

interface CollaboratorsTabProps {
  farm: FarmProperties;
}

function Person({ email, name, pending }: { email: string; name?: string | null; pending?: boolean }) {
  return (
    <div className={styles.person}>
      {name && <span className={styles.personName}>{name}</span>}
      <span className={name ? controls.muted : styles.personName}>{email}</span>
      {pending && (
        <span className={controls.badge} data-tone="pending">
          Pending invitation
        </span>
      )}
    </div>
  );
}

function CollaboratorRow({
  collaborator,
  canRemove,
  onRemove,
}: {
  collaborator: Collaborator;
  canRemove: boolean;
  onRemove(c: Collaborator): void;
}) {
  return (
    <tr>
      <td>
        <Person email={collaborator.email} name={collaborator.name} pending={collaborator.status === 'pending'} />
      </td>
      <td>
        <span className={controls.badge} data-tone="neutral">
          {roleLabel(collaborator.permission)}
        </span>
      </td>
      <td>
        <div className={styles.rowActions}>
          {canRemove && (
            <IconButton
              icon="trash"
              tone="danger"
              label={
                collaborator.status === 'pending'
                  ? `Revoke the invitation to ${collaborator.email}`
                  : `Remove ${collaborator.email}`
              }
              title={collaborator.status === 'pending' ? 'Revoke invitation' : 'Remove collaborator'}
              onClick={() => onRemove(collaborator)}
            />
          )}
        </div>
      </td>
    </tr>
  );
}

/** Spec 1 §2.4 'Collaborators': who the farm is shared with; the owner invites and removes. */
export function CollaboratorsTab({ farm }: CollaboratorsTabProps) {
  const { api } = useFarms();
  const client = useQueryClient();
  const canManage = abilitiesOf(farm.permission).share;
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Collaborator | null>(null);
  const detailKey = queryKeys.farms.detail(farm.farm_id);

  const remove = useAction({
    run: (email: string) => api.removeCollaborator(farm.farm_id, email),
    // Spec 1 §8: the success toast is the server's message; a failure its detail.
    success: (message) => message,
    events: () => [['paddock:farm-changed', { farmId: farm.farm_id, change: 'updated' }]],
    invalidates: [queryKeys.farms.lists()],
    onSuccess: (_message, email) =>
      client.setQueryData<FarmFeature>(detailKey, (current) =>
        current
          ? {
              ...current,
              properties: {
                ...current.properties,
                collaborators: current.properties.collaborators.filter((c) => c.email !== email),
              },
            }
          : current,
      ),
  });

  return (
    <div className={styles.tabBody}>
      <div className={styles.tabToolbar}>
        <p className={controls.muted}>People who can open this farm, and what they may do.</p>
        {canManage && (
          <Button onClick={() => setInviting(true)}>
            <Icon name="users" /> Invite Collaborator
          </Button>
        )}
      </div>
      <div className={styles.tableScroll} role="region" aria-label="Collaborators" tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {farm.owner_email && (
              <tr>
                <td>
                  <Person email={farm.owner_email} />
                </td>
                <td>
                  <span className={controls.badge}>Owner</span>
                </td>
                <td />
              </tr>
            )}
            {farm.collaborators.map((c) => (
              <CollaboratorRow key={c.email} collaborator={c} canRemove={canManage} onRemove={setRemoving} />
            ))}
          </tbody>
        </table>
      </div>
      {farm.collaborators.length === 0 && <p className={styles.tabEmpty}>Not shared with anyone yet.</p>}
      <ConfirmDialog
        title={removing?.status === 'pending' ? 'Revoke invitation' : 'Remove collaborator'}
        message={
          removing?.status === 'pending'
            ? `The invitation to ${removing.email} stops working: its link will no longer open this farm.`
            : messages.collaboratorRemoveWarning
        }
        confirmLabel={removing?.status === 'pending' ? 'Revoke' : 'Remove'}
        isOpen={removing !== null}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await remove.run(removing.email);
          setRemoving(null);
        }}
      />
      <ShareModal
        title="Invite Collaborator"
        farms={[{ id: farm.farm_id, name: farm.farm_name }]}
        isOpen={inviting}
        onOpenChange={setInviting}
        // Invitations were sent: the farm's collaborators changed on the server.
        onShared={() => void client.invalidateQueries({ queryKey: detailKey, exact: true })}
      />
    </div>
  );
}
