import { featureFlagKeys, type FeatureFlag, type FeatureFlagKey, type Tier } from '@paddock/shared/contracts';

/** What the upgrade modal says when a Basic user reaches for an Advanced feature. */
export const FEATURE_FLAG_COPY: Record<FeatureFlagKey, { modal_title: string; modal_description: string }> = {
  'field:multi_select': {
    modal_title: 'Multi-field imagery is part of Advanced',
    modal_description:
      'Select several fields at once to compare crop health across your paddocks side by side. Upgrade to Advanced to view imagery on multiple fields together.',
  },
  'algorithm:ndre': {
    modal_title: 'NDRE is part of Advanced',
    modal_description:
      'NDRE (Normalised Difference Red Edge) picks up variation in dense, mature crops where NDVI levels out, so you can spot nitrogen and health differences later in the season. Upgrade to Advanced to unlock NDRE.',
  },
  'algorithm:thermal': {
    modal_title: 'Thermal is part of Advanced',
    modal_description:
      'Thermal imagery shows canopy temperature across your fields, helping you find water stress and irrigation problems before they show in the crop. Upgrade to Advanced to unlock Thermal.',
  },
  'algorithm:pcd': {
    modal_title: 'Plant Cell Density is part of Advanced',
    modal_description:
      'Plant Cell Density (PCD) maps biomass and plant vigour, so you can see where the crop is thriving and where it needs attention. Upgrade to Advanced to unlock PCD.',
  },
};

export const TIER_NAMES: Record<Tier['key'], string> = { basic: 'Basic', premium: 'Advanced' };

/**
 * The four flags of an account. An explicit setting (from the admin route) wins; otherwise a flag is
 * on for Advanced accounts and off for Basic ones. The client still requires Advanced *and* the flag.
 */
export function featureFlagsFor(tier: Tier['key'], settings: Record<string, boolean>): FeatureFlag[] {
  return featureFlagKeys.map((key) => ({
    feature_flag: key,
    enabled: typeof settings[key] === 'boolean' ? settings[key] : tier === 'premium',
    ...FEATURE_FLAG_COPY[key],
  }));
}
