import { MAX_SHARE_EMAILS } from '@paddock/shared/contracts';
import { fieldDeleteMessages } from '@paddock/shared/ui';
/** User-facing messages of this area (spec 1 §5 and §8, with the spec README's corrected wording). */
export const messages = {
  farmNameRequired: 'Farm Name is required!',
  emailInvalid: 'Email Address is invalid',
  emailsMissing: 'Add at least one email address',
  tooManyEmails: (count: number) =>
    `You can invite at most ${MAX_SHARE_EMAILS} people at once (${count} added): remove ${count - MAX_SHARE_EMAILS} and share the rest next time`,
  farmsShared: 'Farms shared successfully',
  farmDeleted: 'Farm deleted successfully!',
  farmDeleteWarning: 'Deleting this farm also includes its corresponding fields. This action cannot be undone.',
  farmRenamed: 'Farm name updated!',
  ...fieldDeleteMessages,
  collaboratorRemoveWarning: 'You cannot undo this action',
  noCollaborator: 'No Collaborator',
  selectCropType: 'Select Crop Type',
  notAvailable: 'N/A',
  listLoadFailed: 'We could not load your farms',
} as const;

/** The upload wizard's messages (spec 1 §5 and §8); the rest are the product's own words. */
export const uploadMessages = {
  wizardTitle: 'Import farm from file',
  unsupported: 'File type is not supported.',
  noFile: 'No file to upload',
  missingParts: 'You need to upload other auxiliary files',
  oneBaseName: 'All shapefile parts must share one base name.',
  oneKml: 'Choose one .kml or .kmz file.',
  tooLarge: (limit: string) => `These files are larger than ${limit}, the most Paddock can convert at once.`,
  uploadFailed: (email: string) => `Farm Upload failed. Contact support at ${email}`,
  partialTitle: 'Uploading Failed',
  partialIntro:
    'We encountered an error and failed to upload your fields. Below are the fields that were not able to upload:',
  partialQuestion: 'Do you want to skip these fields and create the farm?',
  partialSkip: 'Skip these files',
  partialCancel: 'Cancel',
} as const;

/** Spec 1 §7 and §9: the farm search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 1500;

/** Spec 1 §4.4 and §9: after a farm is deleted, the page reloads or redirects this much later. */
export const DELETE_REDIRECT_MS = 1000;
