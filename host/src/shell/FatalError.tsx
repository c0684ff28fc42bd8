import { ErrorState } from '@paddock/shared/ui';

/** Shown when the shell itself cannot start (no profile, no configuration). */
export function FatalError({ message }: { message: string }) {
  return <ErrorState title="We encountered an error." message={message} onRetry={() => window.location.reload()} />;
}
