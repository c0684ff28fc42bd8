import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@paddock/shared/api-client';
import { paths, type AcceptInvitationResponse } from '@paddock/shared/contracts';
import { invalidateAll, queryKeys, useQueryClient } from '@paddock/shared/query';
import { Button, ErrorState, goTo, LoadingState } from '@paddock/shared/ui';
import { useFarms } from '../../context';
import styles from './InvitationPage.module.css';

type Outcome =
  | { state: 'accepting' }
  | { state: 'accepted'; result: AcceptInvitationResponse['data'] }
  | { state: 'failed'; message: string; wrongAccount: boolean };

/**
 * Where a farm invitation's link lands (issue 27). The host has already signed the invitee up (or in)
 * with the invited address; this accepts the invitation once, which proves the address, and sends
 * them to their farms.
 */
export function InvitationPage() {
  const { api, auth, bus, basename } = useFarms();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token
      ? { state: 'accepting' }
      : {
          state: 'failed',
          message: 'This invitation link is incomplete. Open it again from the e-mail.',
          wrongAccount: false,
        },
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) return;
    api.acceptInvitation(token).then(
      async (result) => {
        // The address is verified now: later tokens (and the shell) should say so.
        await auth.refreshUser().catch(() => undefined);
        void invalidateAll(client, [queryKeys.farms.all]);
        for (const farmId of result.farm_ids) bus.emit('paddock:farm-changed', { farmId, change: 'created' });
        setOutcome({ state: 'accepted', result });
      },
      (error: unknown) => {
        const status = (error as { status?: number }).status;
        setOutcome({ state: 'failed', message: errorMessage(error), wrongAccount: status === 403 });
      },
    );
  }, [api, auth, bus, client, token]);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Farm invitation</h1>
      {outcome.state === 'accepting' && <LoadingState label="Accepting the invitation" />}
      {outcome.state === 'accepted' && (
        <div className={styles.card} role="status">
          <h2>{outcome.result.message}</h2>
          <p>
            Your email address is verified. The shared {outcome.result.farm_ids.length === 1 ? 'farm is' : 'farms are'}{' '}
            in your farm list.
          </p>
          <Button onClick={() => goTo(basename, paths.farms)}>Open my farms</Button>
        </div>
      )}
      {outcome.state === 'failed' && (
        <ErrorState title="This invitation could not be accepted" message={outcome.message}>
          {outcome.wrongAccount ? (
            <Button onClick={() => auth.logout()}>Sign out</Button>
          ) : (
            <Link to={paths.farms}>Go to my farms</Link>
          )}
        </ErrorState>
      )}
    </div>
  );
}
