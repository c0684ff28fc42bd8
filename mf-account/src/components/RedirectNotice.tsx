import styles from './RedirectNotice.module.css';

interface Props {
  secondsLeft: number;
  total: number;
  onGoNow(): void;
}

/** The visible countdown to the dashboard, with a way not to wait. */
export function RedirectNotice({ secondsLeft, total, onGoNow }: Props) {
  return (
    <div className={styles.notice}>
      <p role="status" className={styles.text}>
        Taking you to your Dashboard in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}…
      </p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="Redirecting to Dashboard"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={total - secondsLeft}
        style={{ animationDuration: `${total}s` }}
      />
      <button type="button" className={styles.link} onClick={onGoNow}>
        Go to Dashboard now
      </button>
    </div>
  );
}
