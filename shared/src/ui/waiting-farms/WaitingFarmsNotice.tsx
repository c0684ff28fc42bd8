import { useMemo, useState } from 'react';
import { createApiClient, errorMessage } from '../../api-client';
import { waitingInvitationsResponseSchema, type MfAuth, type MfConfig } from '../../contracts';
import { queryKeys, useAction, useQuery } from '../../query';
import { Button } from '../Button';
import styles from './WaitingFarmsNotice.module.css';

export interface WaitingFarmsNoticeProps {
  auth: MfAuth;
  config: Pick<MfConfig, 'apiUrl' | 'idpUrl'>;
}

const farmsWord = (count: number) =>
  count === 1 ? '1 farm shared with you waits' : `${count} farms shared with you wait`;

/**
 * Farms shared with the user's address wait until that address is verified (issue 27): the farms page
 * and the dashboard say so, with 'Resend' (the verification e-mail again) and 'I've verified it'
 * (a fresh token, then the farms). Renders nothing when no farm waits.
 */
export function WaitingFarmsNotice({ auth, config }: WaitingFarmsNoticeProps) {
  const [sent, setSent] = useState(false);
  const [checked, setChecked] = useState(false);
  const clients = useMemo(
    () => ({
      api: createApiClient({ baseUrl: config.apiUrl, getToken: () => auth.getToken() }),
      idp: createApiClient({
        baseUrl: `${config.idpUrl.replace(/\/$/, '')}/api/v2`,
        getToken: () => auth.getToken(),
      }),
    }),
    [auth, config.apiUrl, config.idpUrl],
  );
  const waiting = useQuery({
    queryKey: queryKeys.farms.waiting(),
    queryFn: async () => (await clients.api.get('farms/invitations/waiting', waitingInvitationsResponseSchema)).data,
  });
  const resend = useAction({
    run: async () => {
      await clients.idp.http.post('jobs/verification-email', { json: { user_id: auth.user.sub } });
    },
    success: () => `Verification email sent to ${waiting.data?.email ?? 'your address'}`,
    failure: (error) => errorMessage(error, 'The verification email could not be sent. Please try again.'),
    onSuccess: () => setSent(true),
  });
  const recheck = useAction({
    run: async () => {
      await auth.refreshUser();
      await auth.getToken({ fresh: true });
      return (await clients.api.get('farms/invitations/waiting', waitingInvitationsResponseSchema)).data;
    },
    success: (result) => (result.waiting_farms === 0 ? 'Email verified: the shared farms are in your list' : null),
    invalidates: [queryKeys.farms.all],
    onSuccess: () => setChecked(true),
  });

  const data = waiting.data;
  if (!data || data.waiting_farms === 0) return null;
  return (
    <section className={styles.notice} role="status" aria-label="Farms waiting for your email">
      <div className={styles.text}>
        <strong>
          {farmsWord(data.waiting_farms)} for you to verify {data.email ?? 'your email address'}.
        </strong>
        <span>
          Open the link in the verification email we sent{sent ? ' (a new one is on its way)' : ''}, then choose 'I've
          verified it'.
          {checked ? ' We could not see the verification yet: open the link first.' : ''}
        </span>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void resend.trigger()} disabled={resend.busy}>
          Resend
        </Button>
        <Button onClick={() => void recheck.trigger()} disabled={recheck.busy}>
          I've verified it
        </Button>
      </div>
    </section>
  );
}
