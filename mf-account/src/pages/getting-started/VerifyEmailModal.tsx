import { Button } from '@paddock/shared/ui';
import { useAction } from '@paddock/shared/query';
import { AppModal } from '@paddock/shared/ui/modal';
import { useAccount, useAccountStore } from '../../context';
import { messages } from '../../lib/messages';
import styles from './GettingStarted.module.css';

/** Sends the verification e-mail and, once the user clicked the link, re-reads their sign-in. */
function useEmailVerification() {
  const { api, auth, bus, store } = useAccount();
  const send = useAction({
    run: () => api.sendVerificationEmail(store.getState().user.sub),
    success: messages.verificationSent,
  });
  const check = useAction({
    run: () => auth.refreshUser(),
    failure: 'We could not check your email address. Please try again.',
    onSuccess: (user) => {
      store.getState().setUser(user);
      if (!user.email_verified) bus.toast('info', messages.notVerifiedYet);
    },
  });
  const busy = send.busy ? 'sending' : check.busy ? 'checking' : null;
  return { busy, send: () => void send.trigger(), check: () => void check.trigger() };
}

export function VerifyEmailModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  const user = useAccountStore((state) => state.user);
  const { busy, send, check } = useEmailVerification();
  const close = () => onOpenChange(false);
  const email = <strong>{user.email ?? 'your email address'}</strong>;

  return (
    <AppModal title="Verify your email address" isOpen={isOpen} onOpenChange={onOpenChange} isBusy={busy !== null}>
      {user.email_verified ? (
        <>
          <p className={styles.modalText}>{email} is verified. You&apos;re all set.</p>
          <div className={styles.modalActions}>
            <Button onClick={close}>Done</Button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.modalText}>
            We&apos;ll send a verification link to {email}. Open it to confirm the address, then come back and let us
            know.
          </p>
          <div className={styles.modalActions}>
            <Button variant="secondary" onClick={check} disabled={busy !== null}>
              {busy === 'checking' ? 'Checking…' : "I've verified it"}
            </Button>
            <Button onClick={send} disabled={busy !== null}>
              {busy === 'sending' ? 'Sending…' : 'Send verification email'}
            </Button>
          </div>
        </>
      )}
    </AppModal>
  );
}
