/**
 * What other plugins (and the CLI and benches) may use of `plugins/accounts` (issue 28). The caller's
 * account itself comes from `current-account.ts`, which stays public too.
 */
export { FEATURE_FLAG_COPY, featureFlagsFor, TIER_NAMES } from './feature-flags';
export { ensureAccount, findAccountByEmail, loadProfile, toSubscription } from './service';
