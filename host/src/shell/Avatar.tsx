import type { IdpUser } from '@paddock/shared/contracts';
import styles from './shell.module.css';

export function Avatar({ user }: { user: IdpUser }) {
  if (user.picture) return <img className={styles.avatar} src={user.picture} alt="" />;
  return <span className={styles.avatar}>{(user.nickname ?? user.email ?? '?').slice(0, 1).toUpperCase()}</span>;
}
