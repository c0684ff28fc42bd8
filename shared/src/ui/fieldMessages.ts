/** Deleting a field, in the spec's words (spec 1 §5 and §8): the same on the farm's page and on the map. */
export const fieldDeleteMessages = {
  fieldDeleteTitle: 'Are you sure?',
  fieldDeleteWarning: 'Deleting this field will remove all associated layers.',
  fieldDeleteConfirm: 'Yes, delete anyway.',
  fieldDeleteCancel: 'No',
  fieldDeleted: 'Field deleted successfully!',
  fieldDeleteFailed: "Can't delete field!",
} as const;
