import { fieldDeleteMessages } from '@paddock/shared/ui';
/** User-facing messages of the farm map (spec 1 §5 and §8, spec 2 §4, with the spec README's corrected wording). */
export const messages = {
  cropTypeRequired: 'We need you to provide us the crop type for your field',
  switchFieldTitle: 'Are you sure?',
  switchFieldText: 'You are switching to other field',
  switchFieldSave: 'Save changes and continue',
  ...fieldDeleteMessages,
  fieldCreated: 'Field created successfully!',
  fieldCreateFailed: "Can't create a field!",
  fieldUpdated: 'Field updated successfully!',
  fieldUpdateFailed: "Can't update field!",
  cropTypeUpdated: 'Field crop type updated successfully!',
  selectFieldToDelete: 'Select a field to delete!',
  noFieldToSave: 'No field to save!',
  multiSelectUpsell: 'Enable multi-field selection',
  getAdvanced: 'Get Advanced',
  tooManyFields: 'Too many fields selected',
  tooManyProceed: 'Okay, let me proceed',
  tooManyUnselect: 'Unselect all fields',
  farmNameRequired: 'Farm Name is required!',
  farmRenamed: 'Farm name updated!',
  farmNotFound: 'Farm not found',
  importUnavailable: 'The import wizard could not be loaded. Please try again in a moment.',
  geolocationFailed: 'We could not find your location. Check that location access is allowed for this site.',
  selfIntersecting: 'The boundary crosses itself. Move the points so its edges do not cross, then try again.',
  zoningSearch: 'Search for field name...',
  zoningAreaLimit: 'Area must be below 800 ha to zone this field',
  zoningLoading: 'Loading zones',
  zoningSlow: 'This may take a while, you may wish to grab a cup of coffee.',
  zoningFailed: 'Zone layer failed to load. Please try again.',
  zeroArea: 'The boundary has no area. Draw at least three points that enclose the field.',
} as const;

/** Spec 1 §4.4 and §9: after a farm is deleted, the page moves on this much later. */
export const DELETE_REDIRECT_MS = 1000;
