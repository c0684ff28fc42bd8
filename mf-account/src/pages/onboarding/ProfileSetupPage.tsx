import { useState } from 'react';
import { Form } from '@paddock/shared/ui/form';
import { Button } from '@paddock/shared/ui';
import { Agreements, agreementsTicked, type AgreementValues } from '../../components/Agreements';
import { OnboardingLayout } from '../../components/OnboardingLayout';
import { PhotoNote } from '../../components/PhotoNote';
import {
  ProfileFields,
  profileInitialValues,
  toContactDetails,
  validateProfile,
  type ProfileFormValues,
} from '../../components/ProfileFields';
import { RedirectNotice } from '../../components/RedirectNotice';
import { useAccount, useAccountStore } from '../../context';
import { AccountDataStatus } from '../../components/AccountDataStatus';
import { useAccountData } from '../../hooks/useAccountData';
import { useOnboardingSave } from '../../hooks/useOnboardingSave';
import { messages, REDIRECT_SECONDS } from '../../lib/messages';
import { greetingName, profileFormSource } from '../../lib/profile';
import styles from './onboarding.module.css';
import { saveContact } from '../../lib/contact';

type SetupValues = ProfileFormValues & AgreementValues;

/** Spec 3 §2.3: /getting-started/profile-setup. */
export function ProfileSetupPage() {
  const load = useAccountData({ withProfile: false });
  if (load.status !== 'success') return <AccountDataStatus load={load} loading="Loading your profile" />;
  return <ProfileSetupForm />;
}

function ProfileSetupForm() {
  const { api, bus, store } = useAccount();
  const user = useAccountStore((state) => state.user);
  const account = useAccountStore((state) => state.profile.account);
  const save = useOnboardingSave();
  // Read once: the form must keep what the user typed even when the store changes underneath it.
  const [initialValues] = useState<SetupValues>(() => {
    const { contactDetails } = store.getState();
    return {
      ...profileInitialValues(profileFormSource(contactDetails, account, user)),
      acceptTerms: false,
      acceptNotice: false,
    };
  });

  const submit = async (values: SetupValues) => {
    // Enter in a text field must not get round the disabled button (spec 3 §5: both agreements first).
    if (!agreementsTicked(values)) return;
    await save.run(async () => {
      await saveContact(api, store, toContactDetails(values));
      return api.acceptTerms();
    });
  };

  const locked = save.busy;
  return (
    <OnboardingLayout
      title="Set up your profile"
      intro="Tell us a little about yourself so Paddock can work the way you do."
    >
      <Form<SetupValues>
        onSubmit={submit}
        validate={validateProfile}
        initialValues={initialValues}
        subscription={{ values: true }}
        render={({ handleSubmit, values, form }) => (
          <form
            noValidate
            className={styles.form}
            onSubmit={(event) => {
              void handleSubmit(event);
              if (form.getState().hasValidationErrors) bus.toast('error', messages.requiredFields);
            }}
          >
            <ProfileFields disabled={locked} />
            <PhotoNote user={user} name={greetingName(account, user)} />
            <Agreements disabled={locked} />
            {save.secondsLeft === null ? (
              <Button type="submit" className={styles.submit} disabled={locked || !agreementsTicked(values)}>
                {messages.startUsing}
              </Button>
            ) : (
              <RedirectNotice secondsLeft={save.secondsLeft} total={REDIRECT_SECONDS} onGoNow={save.goNow} />
            )}
          </form>
        )}
      />
    </OnboardingLayout>
  );
}
