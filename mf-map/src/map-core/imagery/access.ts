import {
  algorithmFeatureFlags,
  isFeatureEnabled,
  type ImageryAlgorithm,
  type Profile,
} from '@paddock/shared/contracts';

/** NDRE, THERMAL and PCD need Advanced and their feature flag (spec 2 §4); the others are open to all. */
export function isAlgorithmLocked(profile: Profile, algorithm: ImageryAlgorithm): boolean {
  const flag = algorithmFeatureFlags[algorithm];
  return flag !== undefined && !isFeatureEnabled(profile, flag);
}
