import type { ReactNode } from 'react';
import { Button } from './Button';
import styles from './ui.module.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <div className={styles.spinner} role="progressbar" aria-label={label} />;
}

export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.state} aria-busy="true">
      <Spinner label={label} />
      <p>{label}…</p>
    </div>
  );
}

/** Nothing to show yet: what is missing, and (as children) the way to go on. */
export function EmptyState({ title, message, children }: { title: string; message?: string; children?: ReactNode }) {
  return (
    <div className={styles.state}>
      <h2>{title}</h2>
      {message && <p>{message}</p>}
      {children}
    </div>
  );
}

export function ErrorState({
  title,
  message,
  onRetry,
  children,
}: {
  title: string;
  message?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className={styles.state} role="alert">
      <h2>{title}</h2>
      {message && <p>{message}</p>}
      {children}
      {onRetry && <Button onClick={onRetry}>Try again</Button>}
    </div>
  );
}
