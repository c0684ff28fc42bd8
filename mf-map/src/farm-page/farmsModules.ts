import { loadExposed } from '@paddock/shared/ui/remote';

export type { FarmDialogsModule, ImportWizardModule } from '@paddock/shared/contracts';

/** `mf_farms/import-wizard` (Add Field → Import Field). */
export const loadImportWizard = () => loadExposed('importWizard');
/** `mf_farms/farm-dialogs`: Invite Collaborator and Delete Farm. */
export const loadFarmDialogs = () => loadExposed('farmDialogs');
