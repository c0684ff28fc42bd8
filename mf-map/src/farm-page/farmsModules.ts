import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import { exposedModules, type ExposedModuleTypes } from '@paddock/shared/contracts';

export type { FarmDialogsModule, ImportWizardModule } from '@paddock/shared/contracts';

/**
 * A module another area exposes (typed once in shared contracts/exposed). The host registered every
 * remote on its own federation instance; this remote's instance knows none of them, so the instance
 * that knows the remote is asked.
 */
async function loadExposed<K extends keyof ExposedModuleTypes>(key: K): Promise<ExposedModuleTypes[K]> {
  const { id, exports } = exposedModules[key];
  const remote = id.slice(0, id.indexOf('/'));
  const owner = getInstance((instance) => instance.options.remotes.some((entry) => entry.name === remote));
  const module = owner
    ? await owner.loadRemote<ExposedModuleTypes[K]>(id)
    : await loadRemote<ExposedModuleTypes[K]>(id);
  const missing = exports.filter(
    (name) => !module || typeof (module as unknown as Record<string, unknown>)[name] !== 'function',
  );
  if (!module || missing.length > 0) throw new Error(`${id} does not expose ${missing.join(', ')}`);
  return module;
}

/** `mf_farms/import-wizard` (Add Field → Import Field). */
export const loadImportWizard = () => loadExposed('importWizard');
/** `mf_farms/farm-dialogs`: Invite Collaborator and Delete Farm. */
export const loadFarmDialogs = () => loadExposed('farmDialogs');
