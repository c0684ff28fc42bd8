import { errorMessage } from '@paddock/shared/api-client';
import { emailChangeRequestSchema } from '@paddock/shared/contracts';
import { useAction } from '@paddock/shared/query';
import { Button } from '@paddock/shared/ui';
import { Form, TextField } from '@paddock/shared/ui/form';
import { AppModal, dialogStyles } from '@paddock/shared/ui/modal';
import { useAccount } from '../../context';
import { messages } from '../../lib/messages';

/** The page reload after an e-mail change (an object, so tests can watch what jsdom cannot do). */
export const pageReload = {
  /** Long enough to read the toast. */
  delayMs: 1500,
  reload: () => window.location.reload(),
};

interface Values {
  email?: string;
}

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const email = values.email?.trim() ?? '';
  if (!email) return { email: messages.emailRequired };
  const parsed = emailChangeRequestSchema.safeParse({ email });
  return parsed.success ? {} : { email: parsed.error.issues[0]?.message ?? 'Invalid Email Address' };
}

/** Settings' 'Change Email Address' (spec 3 §4, §8): 'Email successfully updated', then the page reloads. */
export function ChangeEmailModal({
  isOpen,
  onOpenChange,
  currentEmail,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  currentEmail: string;
}) {
  const { api, bus } = useAccount();
  const change = useAction({
    run: (email: string) => api.changeEmail(email),
    success: messages.emailUpdated,
    failure: (error) => errorMessage(error, 'Your email address could not be changed. Please try again.'),
    onSuccess: () => window.setTimeout(() => pageReload.reload(), pageReload.delayMs),
  });
  return (
    <AppModal title="Change Email Address" isOpen={isOpen} onOpenChange={onOpenChange} isBusy={change.busy}>
      <Form<Values>
        onSubmit={(values) => change.trigger(values.email?.trim() ?? '').then(() => undefined)}
        validate={validate}
        subscription={{}}
        render={({ handleSubmit, form }) => (
          <form
            noValidate
            className={dialogStyles.stack}
            onSubmit={(event) => {
              if (!form.getState().values.email?.trim()) bus.toast('error', messages.emailRequired);
              void handleSubmit(event);
            }}
          >
            <p className={dialogStyles.text}>
              Your current address is <strong>{currentEmail}</strong>. We send a link to the new address to verify it.
            </p>
            <TextField
              name="email"
              label="New email address"
              type="email"
              autoComplete="email"
              disabled={change.busy}
            />
            <div className={dialogStyles.actions}>
              <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={change.busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={change.busy} aria-busy={change.busy || undefined}>
                {change.busy ? 'Saving…' : 'Change Email Address'}
              </Button>
            </div>
          </form>
        )}
      />
    </AppModal>
  );
}
