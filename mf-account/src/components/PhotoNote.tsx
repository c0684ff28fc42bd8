import { useState } from 'react';
import type { IdpUser } from '@paddock/shared/contracts';
import styles from './PhotoNote.module.css';

function initialsOf(name: string): string {
  const letters = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase());
  return letters.join('') || '?';
}

/** The profile photo is not edited here: it is the picture of the account the user signed in with. */
export function PhotoNote({ user, name }: { user: IdpUser; name: string }) {
  // A picture that cannot load (offline, expired link) falls back to initials rather than a broken image.
  const [broken, setBroken] = useState(false);
  const showPicture = Boolean(user.picture) && !broken;
  return (
    <div className={styles.note}>
      {showPicture ? (
        <img className={styles.avatar} src={user.picture} alt="" onError={() => setBroken(true)} />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(name || user.email || '')}
        </span>
      )}
      <p className={styles.text}>
        <strong>Profile photo</strong>
        <span>Your photo comes from the account you signed in with. To change it, update it there.</span>
      </p>
    </div>
  );
}
