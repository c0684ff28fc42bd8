import { useState } from 'react';
import type { ContactDetails, Profile } from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import { queryKeys, useAction, type Action } from '@paddock/shared/query';
import { Form } from '@paddock/shared/ui/form';
import { AppModal } from '@paddock/shared/ui/modal';
import {
  ProfileFields,
  profileInitialValues,
  toContactDetails,
  validateProfile,
  type ProfileFormValues,
} from '../../components/ProfileFields';
import { useAccount } from '../../context';
import { messages } from '../../lib/messages';
import { profileFormSource } from '../../lib/profile';
import styles from './GettingStarted.module.css';
import { saveContact } from '../../lib/contact';

/** The saved details over the old profile: good enough when the fresh profile cannot be fetched. */
function withContact(profile: Profile, details: ContactDetails): Profile {
  return { ...profile, account: { ...profile.account, ...details, email: details.email ?? profile.account.email } };
}

/** Saves with add-or-update (spec 3 §4), then refreshes the profile everywhere, the host included. */
function useSaveProfile(onSaved: () => void) {
  const { api, store } = useAccount();
  return useAction({
    run: async (values: ProfileFormValues) => {
      const saved = await saveContact(api, store, toContactDetails(values));
      return api.getProfile().catch(() => withContact(store.getState().profile, saved));
    },
    success: messages.profileUpdated,
    events: (profile) => [['paddock:profile-changed', { profile }]],
    invalidates: [queryKeys.account.all],
    onSuccess: (profile) => {
      store.getState().setProfile(profile);
      onSaved();
    },
  });
}

function ProfileForm({ save, onClose }: { save: Action<ProfileFormValues, Profile>; onClose(): void }) {
  const { bus, store } = useAccount();
  const [initialValues] = useState(() => {
    const { contactDetails, profile, user } = store.getState();
    return profileInitialValues(profileFormSource(contactDetails, profile.account, user));
  });
  const busy = save.busy;

  return (
    <Form<ProfileFormValues>
      onSubmit={(values) => save.trigger(values).then(() => undefined)}
      validate={validateProfile}
      initialValues={initialValues}
      subscription={{}}
      render={({ handleSubmit, form }) => (
        <form
          noValidate
          className={styles.modalForm}
          onSubmit={(event) => {
            void handleSubmit(event);
            if (form.getState().hasValidationErrors) bus.toast('error', messages.requiredFields);
          }}
        >
          <p className={styles.modalText}>Your name and occupation help us tailor Paddock to you.</p>
          <ProfileFields disabled={busy} />
          <div className={styles.modalActions}>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      )}
    />
  );
}

export function ProfileModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  const close = () => onOpenChange(false);
  const save = useSaveProfile(close);
  return (
    <AppModal title="Complete your profile" isOpen={isOpen} onOpenChange={onOpenChange} isBusy={save.busy}>
      <ProfileForm save={save} onClose={close} />
    </AppModal>
  );
}
