import { useAccount } from '../context';
import { messages } from '../lib/messages';
import { TermsLink } from '@paddock/shared/ui';
import { SwitchField } from '@paddock/shared/ui/form';
import styles from './Agreements.module.css';

export interface AgreementValues {
  acceptTerms?: boolean;
  acceptNotice?: boolean;
}

export const agreementsTicked = (values: AgreementValues): boolean =>
  Boolean(values.acceptTerms && values.acceptNotice);

/** The two toggles of spec 3 §2.3 and §2.4; both must be on before the user can start. */
export function Agreements({ disabled }: { disabled?: boolean }) {
  const { config } = useAccount();
  return (
    <fieldset className={styles.agreements}>
      <legend className={styles.legend}>Agreements</legend>
      <SwitchField name="acceptTerms" disabled={disabled}>
        {messages.termsAgreement}
      </SwitchField>
      <TermsLink />
      <SwitchField name="acceptNotice" disabled={disabled}>
        {messages.noticeAgreement}
      </SwitchField>
      <details className={styles.notice}>
        <summary>Read the information collection notice</summary>
        <p>
          Paddock collects your name, email address and occupation to create and look after your account, to process
          your orders and bookings, and to contact you about them. Your farm and field data is used to provide
          Paddock&apos;s services to you and the people you share it with. To see or correct what we hold about you,
          contact <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
        </p>
      </details>
    </fieldset>
  );
}
