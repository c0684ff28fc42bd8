import { useState } from 'react';
import { Form } from 'react-final-form';
import type { ContactDetails, Profile } from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import { errorMessage } from '../../api/accountApi';
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

/** The saved details over the old profile: good enough when the fresh profile cannot be fetched. */
function withContact(profile: Profile, details: ContactDetails): Profile {
  return { ...profile, account: { ...profile.account, ...details, email: details.email ?? profile.account.email } };
}

/** Saves with add-or-update (spec 3 §4), then refreshes the profile everywhere, the host included. */
function useSaveProfile() {
  const { api, bus, store } = useAccount();
  return async (values: ProfileFormValues) => {
    const saved = await api.saveContactDetails(toContactDetails(values), store.getState().contactDetails != null);
    store.getState().setContactDetails(saved);
    const profile = await api.getProfile().catch(() => withContact(store.getState().profile, saved));
    store.getState().setProfile(profile);
    bus.emit('paddock:profile-changed', { profile });
  };
}

function ProfileForm({ onBusy, onClose }: { onBusy(busy: boolean): void; onClose(): void }) {
  const { bus, store } = useAccount();
  const save = useSaveProfile();
  const [initialValues] = useState(() => {
    const { contactDetails, profile, user } = store.getState();
    return profileInitialValues(profileFormSource(contactDetails, profile.account, user));
  });

  const submit = async (values: ProfileFormValues) => {
    onBusy(true);
    try {
      await save(values);
      bus.toast('success', messages.profileUpdated);
      onClose();
    } catch (error) {
      bus.toast('error', errorMessage(error));
    } finally {
      onBusy(false);
    }
  };

  return (
    <Form<ProfileFormValues>
      onSubmit={submit}
      validate={validateProfile}
      initialValues={initialValues}
      subscription={{ submitting: true }}
      render={({ handleSubmit, submitting, form }) => (
        <form
          noValidate
          className={styles.modalForm}
          onSubmit={(event) => {
            void handleSubmit(event);
            if (form.getState().hasValidationErrors) bus.toast('error', messages.requiredFields);
          }}
        >
          <p className={styles.modalText}>Your name and occupation help us tailor Paddock to you.</p>
          <ProfileFields disabled={submitting} />
          <div className={styles.modalActions}>
            <Button variant="secondary" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      )}
    />
  );
}

export function ProfileModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  const [busy, setBusy] = useState(false);
  return (
    <AppModal title="Complete your profile" isOpen={isOpen} onOpenChange={onOpenChange} isBusy={busy}>
      <ProfileForm onBusy={setBusy} onClose={() => onOpenChange(false)} />
    </AppModal>
  );
}
