import type { Profile } from './accounts';
import { paths, patternToRegExp, routePatterns } from './routes';
import { hasTermsAccepted } from './rules';

/** Pages that apply the post-login rule (spec 1 §4.1; spec README: the farms-page rule everywhere). */
const guardedPaths = [routePatterns.home, routePatterns.dashboard, routePatterns.farms].map(patternToRegExp);

/**
 * Where a signed-in user must go instead of `pathname`, or null to stay.
 * Terms accepted: stay. Not accepted: verified e-mail → terms page, else → profile setup.
 */
export function onboardingRedirect(pathname: string, profile: Profile, emailVerified: boolean): string | null {
  if (!guardedPaths.some((re) => re.test(pathname))) return null;
  if (hasTermsAccepted(profile)) return null;
  return emailVerified ? paths.terms : paths.profileSetup;
}
