import { createStore, type StoreApi } from 'zustand';
import type { ContactDetails, IdpUser, Profile } from '@paddock/shared/contracts';

/** The area's one store: who the user is and what their account says, shared by every screen. */
export interface AccountState {
  profile: Profile;
  user: IdpUser;
  /** undefined until loaded; null when the user never saved contact details (the API's 404). */
  contactDetails: ContactDetails | null | undefined;
  setProfile(profile: Profile): void;
  setUser(user: IdpUser): void;
  setContactDetails(details: ContactDetails | null): void;
}

export type AccountStore = StoreApi<AccountState>;

/** One store per mount, so a remount (or a test) never sees a previous user's data. */
export function createAccountStore(initial: { profile: Profile; user: IdpUser }): AccountStore {
  return createStore<AccountState>()((set) => ({
    profile: initial.profile,
    user: initial.user,
    contactDetails: undefined,
    setProfile: (profile) => set({ profile }),
    setUser: (user) => set({ user }),
    setContactDetails: (contactDetails) => set({ contactDetails }),
  }));
}
