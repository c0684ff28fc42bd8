// Kept so branches in flight that import '../controls/icons' still build: the one Icon is @paddock/shared/ui's.
export { Icon, type IconName } from '@paddock/shared/ui';
