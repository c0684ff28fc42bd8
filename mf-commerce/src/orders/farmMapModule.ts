import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import { exposedModules, type FarmMapModule } from '@paddock/shared/contracts';

/**
 * `mf_map/embed` (the farm map other pages embed). The host registered every remote on its own
 * federation instance; this remote's instance knows none of them, so the instance that knows mf_map
 * is asked (as mf-map does for mf-farms' modules).
 */
export async function loadFarmMap(): Promise<FarmMapModule> {
  const { id, exports } = exposedModules.farmMap;
  const remote = id.slice(0, id.indexOf('/'));
  const owner = getInstance((instance) => instance.options.remotes.some((entry) => entry.name === remote));
  const module = owner ? await owner.loadRemote<FarmMapModule>(id) : await loadRemote<FarmMapModule>(id);
  const missing = exports.filter(
    (name) => !module || typeof (module as unknown as Record<string, unknown>)[name] !== 'function',
  );
  if (!module || missing.length > 0) throw new Error(`${id} does not expose ${missing.join(', ')}`);
  return module;
}
