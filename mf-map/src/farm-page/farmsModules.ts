import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import type { MfProps } from '@paddock/shared/contracts';

/** A farm as mf-farms' modules take it. */
export interface FarmRef {
  farm_id: string;
  farm_name: string;
}

/** `mf_farms/import-wizard` (owned by mf-farms; typed here by what the map uses). */
export interface ImportWizardModule {
  mountImportWizard(
    element: HTMLElement,
    options: { props: MfProps; farm: FarmRef; onClose(): void; onSaved(result: { fieldsAdded: number }): void },
  ): () => void;
}

/** `mf_farms/farm-dialogs`: the farms area's Invite Collaborator and Delete Farm dialogs. */
export interface FarmDialogsModule {
  mountShareModal(
    element: HTMLElement,
    options: { props: MfProps; farm: FarmRef; onClose(): void; onShared(): void },
  ): () => void;
  mountDeleteFarmModal(
    element: HTMLElement,
    options: { props: MfProps; farm: FarmRef; onClose(): void; onDeleted(): void },
  ): () => void;
}

/**
 * A module another area exposes. The host registered every remote on its own federation instance;
 * this remote's instance knows none of them, so the instance that knows the remote is asked.
 */
async function loadExposed<T extends object>(id: string, ...exportNames: Array<keyof T>): Promise<T> {
  const remote = id.slice(0, id.indexOf('/'));
  const owner = getInstance((instance) => instance.options.remotes.some((entry) => entry.name === remote));
  const module = owner ? await owner.loadRemote<T>(id) : await loadRemote<T>(id);
  const missing = exportNames.filter((name) => !module || typeof module[name] !== 'function');
  if (!module || missing.length > 0) throw new Error(`${id} does not expose ${missing.map(String).join(', ')}`);
  return module;
}

export const loadImportWizard = () => loadExposed<ImportWizardModule>('mf_farms/import-wizard', 'mountImportWizard');
export const loadFarmDialogs = () =>
  loadExposed<FarmDialogsModule>('mf_farms/farm-dialogs', 'mountShareModal', 'mountDeleteFarmModal');
