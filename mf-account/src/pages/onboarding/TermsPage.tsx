import { Form } from '@paddock/shared/ui/form';
import { Button } from '@paddock/shared/ui';
import { Agreements, agreementsTicked, type AgreementValues } from '../../components/Agreements';
import { OnboardingLayout } from '../../components/OnboardingLayout';
import { RedirectNotice } from '../../components/RedirectNotice';
import { useAccount } from '../../context';
import { useOnboardingSave } from '../../hooks/useOnboardingSave';
import { messages, REDIRECT_SECONDS } from '../../lib/messages';
import styles from './onboarding.module.css';

const initialValues: AgreementValues = { acceptTerms: false, acceptNotice: false };

/** Spec 3 §2.4: /getting-started/terms-and-conditions. */
export function TermsPage() {
  const { api } = useAccount();
  const save = useOnboardingSave();

  return (
    <OnboardingLayout
      title="Terms and conditions"
      intro="One last step: please confirm you agree to how Paddock works and how we look after your information."
    >
      <Form<AgreementValues>
        onSubmit={(values) => (agreementsTicked(values) ? save.run(() => api.acceptTerms()) : undefined)}
        initialValues={initialValues}
        subscription={{ values: true }}
        render={({ handleSubmit, values }) => (
          <form noValidate className={styles.form} onSubmit={(event) => void handleSubmit(event)}>
            <Agreements disabled={save.busy} />
            {save.secondsLeft === null ? (
              <Button type="submit" className={styles.submit} disabled={save.busy || !agreementsTicked(values)}>
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
