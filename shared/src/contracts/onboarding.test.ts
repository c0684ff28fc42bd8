import { onboardingRedirect } from './onboarding';
import { makeProfile } from '../testing';

const profile = (terms: string | null) => makeProfile({ terms_accepted_version: terms });

describe('post-login routing', () => {
  it.each(['/', '/dashboard', '/farms'])('on %s sends an unverified user without terms to profile setup', (path) => {
    expect(onboardingRedirect(path, profile(null), false)).toBe('/getting-started/profile-setup');
  });

  it('sends a verified user without terms to the terms page', () => {
    expect(onboardingRedirect('/farms', profile(null), true)).toBe('/getting-started/terms-and-conditions');
  });

  it('lets a user who accepted the terms stay, verified or not', () => {
    expect(onboardingRedirect('/dashboard', profile('v1'), false)).toBeNull();
    expect(onboardingRedirect('/farms', profile('v1'), true)).toBeNull();
  });

  it('does not interfere with other pages, such as onboarding itself', () => {
    expect(onboardingRedirect('/getting-started/profile-setup', profile(null), false)).toBeNull();
    expect(onboardingRedirect('/order', profile(null), false)).toBeNull();
  });
});
