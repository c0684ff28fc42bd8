/**
 * The farms plugin's public file: what other plugins may use of it besides farm access (`access.ts`).
 * Farm membership by e-mail (accounts binds invitations when it resolves an account), the crop types a
 * field may carry (fields normalises what is typed) and the farm list (the farm-list bench calls it).
 */
export { farmAccessEmail, syncFarmMemberships } from './membership';
export { CROP_TYPES, normaliseCropType, OTHER_CROP_TYPE } from './crop-types';
export { listFarms, type FarmListQuery } from './service';
