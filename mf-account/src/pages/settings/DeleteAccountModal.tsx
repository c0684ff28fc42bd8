import { Button } from '@paddock/shared/ui';
import { AppModal, dialogStyles } from '@paddock/shared/ui/modal';
import { useAccount } from '../../context';

/** Spec README: deleting an account is by contacting support ({email}). */
export function DeleteAccountModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { config } = useAccount();
  return (
    <AppModal title="Delete Account" isOpen={isOpen} onOpenChange={onOpenChange}>
      <div className={dialogStyles.stack}>
        <p className={dialogStyles.text}>
          To delete your account, please contact our support team at{' '}
          <a href={`mailto:${config.supportEmail}?subject=Delete%20my%20Paddock%20account`}>{config.supportEmail}</a>.
          We confirm who you are, then remove your account with its farms, fields and imagery.
        </p>
        <p className={dialogStyles.warning}>This action cannot be undone.</p>
        <div className={dialogStyles.actions}>
          <Button onClick={() => onOpenChange(false)}>Got it</Button>
        </div>
      </div>
    </AppModal>
  );
}
