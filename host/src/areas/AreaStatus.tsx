import { ErrorState, LoadingState } from '@paddock/shared/ui';
import type { Area } from './routeTable';

export type AreaStatus = { kind: 'loading' } | { kind: 'failed'; retry: () => void };

export function AreaStatusView({ area, status }: { area: Area; status: AreaStatus }) {
  if (status.kind === 'loading') return <LoadingState label={`Loading ${area.label}`} />;
  return (
    <ErrorState
      title={`${area.label} is not available right now`}
      message="This part of Paddock could not be loaded. The rest of the app still works; try again in a moment."
      onRetry={status.retry}
    />
  );
}
