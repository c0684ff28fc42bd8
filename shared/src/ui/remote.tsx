// Modules one remote exposes for another (contracts/exposed.ts), loaded through the federation
// instance that knows the exposing remote, and hosted by a component while it is rendered.
import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import { useEffect, useEffectEvent, useState } from 'react';
import { exposedModules, type ExposedModuleTypes } from '../contracts/exposed';

/**
 * A module another area exposes. The host registered every remote on its own federation instance;
 * the caller's instance knows none of them, so the instance that knows the remote is asked.
 */
export async function loadExposed<K extends keyof ExposedModuleTypes>(key: K): Promise<ExposedModuleTypes[K]> {
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

interface RemoteMountProps<T> {
  load(): Promise<T>;
  /** Mounts the loaded module into the element; returns its unmount. */
  mount(module: T, element: HTMLElement): () => void;
  /** The module could not be loaded (the caller logs it, tells the user and closes). */
  onUnavailable(error: unknown): void;
}

/** Hosts a dialog another area exposes (framework-free mount functions) while this component is rendered. */
export function RemoteMount<T>({ load, mount, onUnavailable }: RemoteMountProps<T>) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const attach = useEffectEvent((module: T, target: HTMLElement) => mount(module, target));
  const fail = useEffectEvent((error: unknown) => onUnavailable(error));

  useEffect(() => {
    if (!element) return;
    let cancelled = false;
    let unmount: (() => void) | null = null;
    load().then(
      (module) => {
        if (!cancelled) unmount = attach(module, element);
      },
      (error: unknown) => {
        if (!cancelled) fail(error);
      },
    );
    return () => {
      cancelled = true;
      // Another root is unmounted outside this render; React asks for it not to happen mid-render.
      if (unmount) queueMicrotask(unmount);
    };
  }, [element, load]);

  return <div ref={setElement} />;
}
