import type { FeatureFlagKey, Profile } from './accounts';

// Kept apart from the schemas so that code needing only these rules (the shell) does not pull zod in.

export const isAdvanced = (profile: Pick<Profile, 'tier'> | null | undefined): boolean => profile?.tier.key === 'premium';

export const hasTermsAccepted = (profile: Pick<Profile, 'account'> | null | undefined): boolean =>
  Boolean(profile?.account.terms_accepted_version);

export const isFeatureEnabled = (profile: Profile | null | undefined, flag: FeatureFlagKey): boolean =>
  isAdvanced(profile) && Boolean(profile?.feature_flags.some((f) => f.feature_flag === flag && f.enabled));
