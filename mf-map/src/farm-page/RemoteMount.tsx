import { useEffect, useEffectEvent, useState } from 'react';

interface RemoteMountProps<T> {
  load(): Promise<T>;
  /** Mounts the loaded module into the element; returns its unmount. */
  mount(module: T, element: HTMLElement): () => void;
  /** The module could not be loaded (the caller tells the user and closes). */
  onUnavailable(): void;
}

/** Hosts a dialog another area exposes (framework-free mount functions) while this component is rendered. */
export function RemoteMount<T>({ load, mount, onUnavailable }: RemoteMountProps<T>) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const attach = useEffectEvent((module: T, target: HTMLElement) => mount(module, target));
  const fail = useEffectEvent(() => onUnavailable());

  useEffect(() => {
    if (!element) return;
    let cancelled = false;
    let unmount: (() => void) | null = null;
    load().then(
      (module) => {
        if (!cancelled) unmount = attach(module, element);
      },
      (error: unknown) => {
        console.error('[mf_map] a farms dialog could not be loaded', error);
        if (!cancelled) fail();
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
