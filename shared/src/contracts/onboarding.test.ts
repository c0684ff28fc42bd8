import { onboardingRedirect } from './onboarding';
import type { Profile } from './accounts';

const profile = (terms: string | null): Profile => ({
  account: { id: 'a', email: 'a@b.co', email_verified: false, terms_accepted_version: terms, created_on: '', updated_on: '' },
  tier: { key: 'basic', name: 'Basic' },
  feature_flags: [],
  payments: [],
  subscriptions: [],
});

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
