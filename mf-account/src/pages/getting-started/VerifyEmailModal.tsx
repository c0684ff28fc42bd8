import { useState } from 'react';
import { Button } from '@paddock/shared/ui';
import { errorMessage } from '../../api/accountApi';
import { AppModal } from '@paddock/shared/ui/modal';
import { useAccount, useAccountStore } from '../../context';
import { messages } from '../../lib/messages';
import styles from './GettingStarted.module.css';

type Busy = 'sending' | 'checking' | null;

/** Sends the verification e-mail and, once the user clicked the link, re-reads their sign-in. */
function useEmailVerification() {
  const { api, auth, bus, store } = useAccount();
  const [busy, setBusy] = useState<Busy>(null);

  const send = async () => {
    setBusy('sending');
    try {
      await api.sendVerificationEmail(store.getState().user.sub);
      bus.toast('success', messages.verificationSent);
    } catch (error) {
      bus.toast('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    setBusy('checking');
    try {
      const user = await auth.refreshUser();
      store.getState().setUser(user);
      if (!user.email_verified)
        bus.toast(
          'info',
          'Your email address is not verified yet. Open the link in the email we sent you, then try again.',
        );
    } catch (error) {
      bus.toast('error', errorMessage(error, 'We could not check your email address. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return { busy, send, check };
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
            <Button variant="secondary" onClick={() => void check()} disabled={busy !== null}>
              {busy === 'checking' ? 'Checking…' : "I've verified it"}
            </Button>
            <Button onClick={() => void send()} disabled={busy !== null}>
              {busy === 'sending' ? 'Sending…' : 'Send verification email'}
            </Button>
          </div>
        </>
      )}
    </AppModal>
  );
}
