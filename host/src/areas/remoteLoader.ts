import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import {
  exposedModules,
  type ExposedModuleTypes,
  type RemoteName,
  type RemotesManifest,
} from '@paddock/shared/contracts';

export interface SpaLifecycles {
  bootstrap(props: object): Promise<unknown>;
  mount(props: object): Promise<unknown>;
  unmount(props: object): Promise<unknown>;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(`The ${remote} area could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/** Names the failing remote in the console once, whatever stage of loading broke. */
const reportLoadFailures: ModuleFederationRuntimePlugin = {
  name: 'paddock-report-load-failures',
  errorLoadRemote({ id, error }) {
    console.error(`[paddock] could not load ${id}`, error);
    return undefined;
  },
};

export function createRemoteLoader(manifest: RemotesManifest) {
  const register = (names: RemoteName[], force: boolean) =>
    registerRemotes(
      names.map((name) => ({ name, entry: manifest[name] })),
      { force },
    );

  registerPlugins([reportLoadFailures]);
  register(Object.keys(manifest) as RemoteName[], false);

  return {
    async load(remote: RemoteName): Promise<SpaLifecycles> {
      try {
        const module = await loadRemote<SpaLifecycles>(`${remote}/spa`);
        if (!module || typeof module.mount !== 'function') throw new Error('no ./spa lifecycles exposed');
        return module;
      } catch (error) {
        throw new RemoteUnavailableError(remote, error);
      }
    },
    /** A module one remote exposes for the whole product (the cart modal), checked for its functions. */
    async loadExposed<K extends keyof ExposedModuleTypes>(key: K): Promise<ExposedModuleTypes[K]> {
      const { id, exports } = exposedModules[key];
      const module = await loadRemote<ExposedModuleTypes[K]>(id);
      const missing = exports.filter(
        (name) => typeof (module as Record<string, unknown> | null)?.[name] !== 'function',
      );
      if (!module || missing.length > 0) throw new Error(`${id} does not export ${missing.join(', ')}`);
      return module;
    },
    /** Forgets a failed remote entry so the next load fetches it again. */
    reset(remote: RemoteName): void {
      register([remote], true);
    },
  };
}

export type RemoteLoader = ReturnType<typeof createRemoteLoader>;
