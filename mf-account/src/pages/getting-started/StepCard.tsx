import { useId, type ReactNode } from 'react';
import { Icon, type IconName } from '@paddock/shared/ui';
import styles from './GettingStarted.module.css';

interface StepCardProps {
  icon: IconName;
  title: string;
  description: ReactNode;
  completed?: boolean;
  /** The card's action: a button that opens a modal, or a link. */
  action: ReactNode;
}

/** One onboarding step; an article named by its title so each card can be found and read on its own. */
export function StepCard({ icon, title, description, completed = false, action }: StepCardProps) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId} data-completed={completed || undefined}>
      <div className={styles.cardTop}>
        <span className={styles.cardIcon}>
          <Icon name={icon} size={24} />
        </span>
        {completed && (
          <span className={styles.badge}>
            <Icon name="check" size={16} />
            Completed
          </span>
        )}
      </div>
      <h2 id={titleId} className={styles.cardTitle}>
        {title}
      </h2>
      <p className={styles.cardText}>{description}</p>
      <div className={styles.cardAction}>{action}</div>
    </article>
  );
}
