import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths, userTypeLabels, userTypes, type Profile } from '@paddock/shared/contracts';
import { formatDate } from '@paddock/shared/format';
import { queryKeys, useAction, useQuery } from '@paddock/shared/query';
import { Button } from '@paddock/shared/ui';
import { AddressFields, Form, SelectField, TextField } from '@paddock/shared/ui/form';
import { PhotoNote } from '../../components/PhotoNote';
import { useAccount, useAccountStore } from '../../context';
import { AccountDataStatus } from '../../components/AccountDataStatus';
import { useAccountData } from '../../hooks/useAccountData';
import { useBillingPortal, useSubscriptionPrice } from '../../hooks/useSubscription';
import { messages } from '../../lib/messages';
import { greetingName } from '../../lib/profile';
import { offerTerms, planState } from '../../lib/subscription';
import { ChangeEmailModal } from './ChangeEmailModal';
import { DeleteAccountModal } from './DeleteAccountModal';
import { SubscriptionDocuments } from './SubscriptionDocuments';
import { settingsInitialValues, toContact, validateSettings, type SettingsValues } from './settingsForm';
import styles from './Settings.module.css';
import { saveContact } from '../../lib/contact';

const navigation = [
  { id: 'name', label: 'Name' },
  { id: 'address', label: 'Address' },
  { id: 'user-type', label: 'User Type' },
  { id: 'photo', label: 'Photo' },
  { id: 'subscription-status', label: 'Subscription' },
  { id: 'email-address', label: 'Email Address' },
  { id: 'payment-options', label: 'Manage Payment Options' },
  { id: 'delete-account', label: 'Delete Account' },
] as const;

const userTypeOptions = [
  { value: '', label: 'Not set' },
  ...userTypes.map((value) => ({ value, label: userTypeLabels[value] })),
];

/** Spec 3 §2.6: Profile (Edit/Save), subscription status, Email, Payment and Security settings. */
export function SettingsPage() {
  const data = useAccountData({ withProfile: true });
  const { hash } = useLocation();

  // Anchors (/settings#profile, #subscription-status) land on their section once it is on screen.
  useEffect(() => {
    if (data.status !== 'success' || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [data.status, hash]);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Settings</h1>
      <AccountDataStatus load={data} loading="Loading your settings" />
      {data.status === 'success' && (
        <div className={styles.layout}>
          <nav className={styles.nav} aria-label="Settings sections">
            <ul>
              {navigation.map((item) => (
                <li key={item.id}>
                  <a href={`#${item.id}`} aria-current={hash === `#${item.id}` ? 'location' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.sections}>
            <ProfileSection />
            <SubscriptionSection />
            <EmailSection />
            <PaymentSection />
            <SecuritySection />
          </div>
        </div>
      )}
    </div>
  );
}

function ProfileSection() {
  const { api, bus, store } = useAccount();
  const user = useAccountStore((state) => state.user);
  const account = useAccountStore((state) => state.profile.account);
  const [editing, setEditing] = useState(false);
  const [initialValues, setInitialValues] = useState(() => {
    const { contactDetails, profile } = store.getState();
    return settingsInitialValues(contactDetails ?? profile.account, profile.account.email ?? user.email ?? '');
  });

  const save = useAction({
    run: async (values: SettingsValues): Promise<{ profile: Profile; values: SettingsValues }> => {
      const saved = await saveContact(api, store, toContact(values));
      const profile = await api
        .getProfile()
        .catch(() => ({ ...store.getState().profile, account: { ...store.getState().profile.account, ...saved } }));
      return { profile, values };
    },
    success: messages.profileUpdated,
    events: ({ profile }) => [['paddock:profile-changed', { profile }]],
    invalidates: [queryKeys.account.all],
    onSuccess: ({ profile, values }) => {
      store.getState().setProfile(profile);
      setInitialValues(values);
      setEditing(false);
    },
  });

  const locked = !editing || save.busy;
  return (
    <section id="profile" className={styles.section} aria-labelledby="settings-profile">
      <Form<SettingsValues>
        initialValues={initialValues}
        validate={validateSettings}
        onSubmit={(values) => save.trigger(values).then(() => undefined)}
        subscription={{}}
        render={({ handleSubmit, form }) => (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const errors = form.getState().errors ?? {};
              if ('email' in errors && !form.getState().values.email?.trim()) {
                // Spec 3 §5: a blank e-mail is a toast and blocks the save.
                bus.toast('error', messages.emailRequired);
              } else if (Object.keys(errors).length > 0) {
                bus.toast('error', messages.requiredFields);
              }
              void handleSubmit(event);
            }}
          >
            <div className={styles.sectionHead}>
              <h2 id="settings-profile" className={styles.sectionTitle}>
                Profile
              </h2>
              {editing ? (
                <div className={styles.headActions}>
                  <Button
                    variant="secondary"
                    disabled={save.busy}
                    onClick={() => {
                      form.reset(initialValues);
                      setEditing(false);
                    }}
                  >
                    Cancel
                  </Button>
                  <Button type="submit" disabled={save.busy} aria-busy={save.busy || undefined}>
                    {save.busy ? 'Saving…' : 'Save'}
                  </Button>
                </div>
              ) : (
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
            </div>

            <fieldset id="name" className={styles.group} disabled={locked}>
              <legend className={styles.groupTitle}>Name</legend>
              <div className={styles.pair}>
                <TextField name="first_name" label="First Name" autoComplete="given-name" disabled={locked} />
                <TextField name="last_name" label="Last Name" autoComplete="family-name" disabled={locked} />
              </div>
              <div className={styles.pair}>
                <TextField name="email" label="Email" type="email" autoComplete="email" disabled={locked} />
                <TextField
                  name="phone_number"
                  label="Phone number"
                  type="tel"
                  autoComplete="tel"
                  required={false}
                  disabled={locked}
                />
              </div>
              <TextField
                name="company"
                label="Company"
                autoComplete="organization"
                required={false}
                disabled={locked}
              />
            </fieldset>

            <fieldset id="address" className={styles.group} disabled={locked}>
              <legend className={styles.groupTitle}>Address</legend>
              <AddressFields prefix="address." disabled={locked} />
            </fieldset>

            <fieldset id="user-type" className={styles.group} disabled={locked}>
              <legend className={styles.groupTitle}>User Type</legend>
              <SelectField
                name="user_type"
                label="User type"
                options={userTypeOptions}
                required={false}
                disabled={locked}
              />
            </fieldset>

            <div id="photo" className={styles.group}>
              <h3 className={styles.groupTitle}>Photo</h3>
              <PhotoNote user={user} name={greetingName(account, user)} />
            </div>
          </form>
        )}
      />
    </section>
  );
}

function SubscriptionSection() {
  const profile = useAccountStore((state) => state.profile);
  const state = planState(profile);
  const portal = useBillingPortal();
  const price = useSubscriptionPrice(state.kind === 'active');
  return (
    <section id="subscription-status" className={styles.section} aria-labelledby="settings-subscription">
      <h2 id="settings-subscription" className={styles.sectionTitle}>
        Subscription
      </h2>
      <dl className={styles.facts}>
        <dt>Current plan</dt>
        <dd>{state.kind === 'basic' ? 'Basic' : 'Advanced'}</dd>
        {state.kind !== 'basic' && (
          <>
            <dt>{state.kind === 'cancelled' ? 'Ends on' : 'Renews on'}</dt>
            <dd>{formatDate(state.expiresAt)}</dd>
          </>
        )}
        {state.kind === 'active' && price.data && (
          <>
            <dt>Renewal price</dt>
            <dd>{offerTerms(price.data).renewal}</dd>
          </>
        )}
        {state.kind === 'cancelled' && (
          <>
            <dt>Cancelled on</dt>
            <dd>{formatDate(state.cancelledAt)}</dd>
          </>
        )}
      </dl>
      {state.kind === 'basic' ? (
        <p className={styles.text}>
          You are on Basic.{' '}
          <Link to={paths.advanced()} className={styles.link}>
            See what Advanced adds
          </Link>
        </p>
      ) : (
        <>
          <p className={styles.text}>
            To switch to Basic, cancel your subscription in the billing portal: Advanced stays on until the end of the
            paid year.
          </p>
          <Button variant="secondary" onClick={() => void portal.trigger()} disabled={portal.busy}>
            {portal.busy ? 'Opening…' : 'Manage Subscription'}
          </Button>
          <SubscriptionDocuments />
        </>
      )}
    </section>
  );
}

function EmailSection() {
  const user = useAccountStore((state) => state.user);
  const account = useAccountStore((state) => state.profile.account);
  const [open, setOpen] = useState(false);
  const email = account.email ?? user.email ?? '';
  return (
    <section id="email-settings" className={styles.section} aria-labelledby="settings-email">
      <h2 id="settings-email" className={styles.sectionTitle}>
        Email Settings
      </h2>
      <div id="email-address">
        <p className={styles.text}>
          You sign in with <strong className={styles.email}>{email}</strong>
          {account.email_verified || user.email_verified ? ' (verified).' : ' (not verified yet).'}
        </p>
        {account.pending_email && (
          <p className={styles.text} role="status">
            Changing to <strong className={styles.email}>{account.pending_email}</strong>: open the link we sent to that
            address to finish. Your address changes once it is verified.
          </p>
        )}
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Change Email Address
        </Button>
      </div>
      <ChangeEmailModal isOpen={open} onOpenChange={setOpen} currentEmail={email} />
      <ChangeAlertEmails />
    </section>
  );
}

/** Issue 30: the daily e-mail of paddocks that dropped since their last clear image (the digest's unsubscribe link turns it off too). */
function ChangeAlertEmails() {
  const { api } = useAccount();
  const preferences = useQuery({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: () => api.notificationPreferences(),
  });
  const save = useAction({
    run: (email_digest: boolean) => api.setNotificationPreferences({ email_digest }),
    success: (saved) => (saved.email_digest ? 'Change alert e-mails are on.' : 'Change alert e-mails are off.'),
    invalidates: [queryKeys.notifications.all],
  });
  if (preferences.isError)
    return <p className={styles.text}>Your change alert e-mail setting could not be loaded. Try again in a moment.</p>;
  return (
    <label className={styles.text} id="change-alert-emails">
      <input
        type="checkbox"
        checked={preferences.data?.email_digest ?? false}
        disabled={!preferences.data || save.busy}
        onChange={(event) => void save.trigger(event.target.checked)}
      />{' '}
      E-mail me once a day when a paddock drops since its last clear image
    </label>
  );
}

function PaymentSection() {
  const portal = useBillingPortal();
  return (
    <section id="payment-settings" className={styles.section} aria-labelledby="settings-payment">
      <h2 id="settings-payment" className={styles.sectionTitle}>
        Payment Settings
      </h2>
      <div id="payment-options">
        <p className={styles.text}>Update your card and see your subscription invoices in the billing portal.</p>
        <Button
          variant="secondary"
          onClick={() => void portal.trigger()}
          disabled={portal.busy}
          aria-busy={portal.busy || undefined}
        >
          {portal.busy ? 'Opening…' : 'Manage Payment Options'}
        </Button>
      </div>
    </section>
  );
}

function SecuritySection() {
  const [open, setOpen] = useState(false);
  return (
    <section id="security" className={styles.section} aria-labelledby="settings-security">
      <h2 id="settings-security" className={styles.sectionTitle}>
        Security
      </h2>
      <div id="delete-account">
        <p className={styles.text}>Deleting your account removes your farms, fields and imagery for good.</p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </div>
      <DeleteAccountModal isOpen={open} onOpenChange={setOpen} />
    </section>
  );
}
