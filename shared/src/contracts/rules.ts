import type { FeatureFlagKey, Profile } from './accounts';

// Rules kept apart from the schemas, so that code needing only these (the shell) does not pull zod in.

export const isAdvanced = (profile: Pick<Profile, 'tier'> | null | undefined): boolean =>
  profile?.tier.key === 'premium';

export const hasTermsAccepted = (profile: Pick<Profile, 'account'> | null | undefined): boolean =>
  Boolean(profile?.account.terms_accepted_version);

export const isFeatureEnabled = (profile: Profile | null | undefined, flag: FeatureFlagKey): boolean =>
  isAdvanced(profile) && Boolean(profile?.feature_flags.some((f) => f.feature_flag === flag && f.enabled));

/** What each farm role may do (ARCHITECTURE §4); the API enforces the same table. */
export const farmAbilities = {
  owner: { edit: true, favourite: true, share: true, delete: true },
  editor: { edit: true, favourite: true, share: false, delete: false },
  viewer: { edit: false, favourite: false, share: false, delete: false },
} as const;
