import type { Collaborator } from '@paddock/shared/contracts';
import { initialsOf } from '../../lib/email';
import { messages } from '../../lib/messages';
import styles from './FarmsPage.module.css';
import { controls } from '@paddock/shared/ui';

const SHOWN = 3;

const describe = (c: Collaborator) => (c.name ? `${c.name} (${c.email})` : c.email);

/** Spec 1 §2.3: up to three avatars, then '+N' for the rest, or 'No Collaborator'. */
export function CollaboratorAvatars({ collaborators }: { collaborators: Collaborator[] }) {
  if (collaborators.length === 0) return <span className={styles.noCollaborator}>{messages.noCollaborator}</span>;
  const shown = collaborators.slice(0, SHOWN);
  const rest = collaborators.slice(SHOWN);
  return (
    <ul className={styles.avatars} aria-label="Collaborators">
      {shown.map((c) => (
        <li
          key={c.email}
          className={styles.avatar}
          title={describe(c)}
          data-pending={c.status === 'pending' || undefined}
        >
          <span aria-hidden="true">{initialsOf(c.email, c.name)}</span>
          <span className={controls.visuallyHidden}>{describe(c)}</span>
        </li>
      ))}
      {rest.length > 0 && (
        <li className={`${styles.avatar} ${styles.more}`} title={rest.map(describe).join('\n')}>
          <span aria-hidden="true">+{rest.length}</span>
          <span className={controls.visuallyHidden}>and {rest.length} more</span>
        </li>
      )}
    </ul>
  );
}
