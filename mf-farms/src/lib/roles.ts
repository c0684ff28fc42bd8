import { farmAbilities, type FarmRole } from '@paddock/shared/contracts';

export type FarmAbilities = (typeof farmAbilities)[FarmRole];

/** What the caller may do on a farm; the UI hides or disables the rest (the API enforces it too). */
export const abilitiesOf = (role: FarmRole): FarmAbilities => farmAbilities[role];

export const roleLabel = (role: FarmRole): string => role.charAt(0).toUpperCase() + role.slice(1);
