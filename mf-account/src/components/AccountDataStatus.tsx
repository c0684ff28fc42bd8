import { ErrorState, LoadingState } from '@paddock/shared/ui';
import type { AccountData } from '../hooks/useAccountData';
import { messages } from '../lib/messages';

/** The account data's loading state, or why it failed with Try again; nothing once it is loaded. */
export function AccountDataStatus({ load, loading }: { load: AccountData; loading: string }) {
  if (load.status === 'pending') return <LoadingState label={loading} />;
  if (load.status === 'error')
    return <ErrorState title={messages.accountLoadFailed} message={load.message} onRetry={load.retry} />;
  return null;
}
