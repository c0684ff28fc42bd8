import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@paddock/shared/contracts';
import { useAccountStore } from '../../context';
import { AccountDataStatus } from '../../components/AccountDataStatus';
import { useAccountData } from '../../hooks/useAccountData';
import { isProfileComplete } from '../../lib/profile';
import { ImportModal } from './ImportModal';
import { ProfileModal } from './ProfileModal';
import { StepCard } from './StepCard';
import { VerifyEmailModal } from './VerifyEmailModal';
import styles from './GettingStarted.module.css';

type OpenModal = 'profile' | 'import' | 'verify' | null;

/** Spec 3 §2.2: /getting-started. */
export function GettingStartedPage() {
  const load = useAccountData({ withProfile: true });
  if (load.status !== 'success') return <AccountDataStatus load={load} loading="Loading your account" />;
  return <GettingStartedCards />;
}

function GettingStartedCards() {
  const profileDone = useAccountStore((state) => isProfileComplete(state.profile.account));
  const emailVerified = useAccountStore((state) => Boolean(state.user.email_verified));
  const [open, setOpen] = useState<OpenModal>(null);
  const modalProps = (name: Exclude<OpenModal, null>) => ({
    isOpen: open === name,
    onOpenChange: (isOpen: boolean) => setOpen(isOpen ? name : null),
  });
  const actionButton = (name: Exclude<OpenModal, null>, label: string) => (
    <button type="button" className={styles.action} onClick={() => setOpen(name)}>
      {label}
    </button>
  );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Welcome to Paddock</p>
        <h1 className={styles.title}>Getting started</h1>
        <p className={styles.intro}>
          A few quick steps to set Paddock up for your farm. Do them now or come back any time.
        </p>
      </header>

      <div className={styles.grid}>
        <StepCard
          icon="profile"
          title="Complete your profile"
          description="Add your name and occupation so we can tailor Paddock to you."
          completed={profileDone}
          action={actionButton('profile', profileDone ? 'Edit profile' : 'Complete profile')}
        />
        <StepCard
          icon="upload"
          title="Import your shape file"
          description="Bring in your paddock boundaries from a shapefile or a KML/KMZ file."
          action={actionButton('import', 'Import a file')}
        />
        <StepCard
          icon="mail"
          title="Verify your email address"
          description="Confirm your address so order, booking and account updates reach you."
          completed={emailVerified}
          action={actionButton('verify', emailVerified ? 'View status' : 'Verify email')}
        />
        <StepCard
          icon="learn"
          title="Learn more with us"
          description="Explore satellite imagery, zoning and the products that help your crops grow."
          action={
            <Link to={paths.store} className={styles.action}>
              Visit the Store
            </Link>
          }
        />
      </div>

      <p className={styles.later}>
        <Link to={paths.home} className={styles.laterLink}>
          Proceed and finish later
        </Link>
      </p>

      <ProfileModal {...modalProps('profile')} />
      <ImportModal {...modalProps('import')} />
      <VerifyEmailModal {...modalProps('verify')} />
    </div>
  );
}
