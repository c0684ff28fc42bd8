import { farmAbilities, isAdvanced, isFeatureEnabled, type FarmRole, type Profile } from '@paddock/shared/contracts';
import type { MapAccess } from '../store';

/** What the caller may do on the map: the farm role (ARCHITECTURE §4) and the profile's tier and flags. */
export function mapAccess(role: FarmRole, profile: Profile): MapAccess {
  return {
    edit: farmAbilities[role].edit,
    multiSelect: isFeatureEnabled(profile, 'field:multi_select'),
    advanced: isAdvanced(profile),
  };
}

export type FarmAbilities = (typeof farmAbilities)[FarmRole];

export const abilitiesOf = (role: FarmRole): FarmAbilities => farmAbilities[role];
