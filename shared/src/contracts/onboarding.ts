import type { Profile } from './accounts';
import { hasTermsAccepted } from './rules';

export const ONBOARDING_ROUTES = {
  gettingStarted: '/getting-started',
  profileSetup: '/getting-started/profile-setup',
  terms: '/getting-started/terms-and-conditions',
} as const;

/** Pages that apply the post-login rule (spec 1 §4.1; spec README: the farms-page rule everywhere). */
const guardedPaths = [/^\/$/, /^\/dashboard\/?$/, /^\/farms\/?$/];

/**
 * Where a signed-in user must go instead of `pathname`, or null to stay.
 * Terms accepted: stay. Not accepted: verified e-mail → terms page, else → profile setup.
 */
export function onboardingRedirect(pathname: string, profile: Profile, emailVerified: boolean): string | null {
  if (!guardedPaths.some((re) => re.test(pathname))) return null;
  if (hasTermsAccepted(profile)) return null;
  return emailVerified ? ONBOARDING_ROUTES.terms : ONBOARDING_ROUTES.profileSetup;
}
