import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesManifest } from '@paddock/shared/contracts';

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
    /** Forgets a failed remote entry so the next load fetches it again. */
    reset(remote: RemoteName): void {
      register([remote], true);
    },
  };
}

export type RemoteLoader = ReturnType<typeof createRemoteLoader>;
