import { createRoot, type Root } from 'react-dom/client';
import type { MfProps } from '@paddock/shared/contracts';
import type { RemoteLoader, SpaLifecycles } from './remoteLoader';
import type { Area } from './routeTable';
import { AreaStatusView, type AreaStatus } from './AreaStatus';

type SingleSpaProps = MfProps & { name: string };

/**
 * The single-spa application for one area. It loads the remote inside `mount`, so a remote that is
 * down or throws never breaks single-spa's routing: the area shows its own message and retry
 * while the nav and the other areas carry on.
 */
export function areaApplication(area: Area, loader: Pick<RemoteLoader, 'load' | 'reset'>, container: HTMLElement) {
  const statusElement = document.createElement('div');
  const mountElement = document.createElement('div');
  container.append(statusElement, mountElement);

  let statusRoot: Root | null = null;
  let lifecycles: SpaLifecycles | null = null;
  let bootstrapped = false;
  let mounted = false;
  let attempt = 0;

  const showStatus = (status: AreaStatus | null) => {
    if (!status) {
      statusRoot?.unmount();
      statusRoot = null;
      return;
    }
    statusRoot ??= createRoot(statusElement);
    statusRoot.render(<AreaStatusView area={area} status={status} />);
  };

  async function mountRemote(props: SingleSpaProps): Promise<void> {
    const thisAttempt = ++attempt;
    showStatus({ kind: 'loading' });
    const remoteProps = { ...props, domElement: mountElement };
    try {
      lifecycles ??= await loader.load(area.remote);
      if (!bootstrapped) {
        await lifecycles.bootstrap(remoteProps);
        bootstrapped = true;
      }
      if (thisAttempt !== attempt) return;
      await lifecycles.mount(remoteProps);
      mounted = true;
      showStatus(null);
    } catch (error) {
      console.error(`[paddock] ${area.remote} failed to mount`, error);
      if (thisAttempt !== attempt) return;
      const retry = () => {
        lifecycles = null;
        bootstrapped = false;
        loader.reset(area.remote);
        void mountRemote(props);
      };
      showStatus({ kind: 'failed', retry });
    }
  }

  return {
    bootstrap: async () => undefined,
    mount: async (props: SingleSpaProps) => {
      container.hidden = false;
      await mountRemote(props);
    },
    unmount: async (props: SingleSpaProps) => {
      attempt++;
      container.hidden = true;
      showStatus(null);
      if (mounted && lifecycles) {
        mounted = false;
        await lifecycles.unmount({ ...props, domElement: mountElement }).catch((error: unknown) => {
          console.error(`[paddock] ${area.remote} failed to unmount`, error);
        });
      }
    },
  };
}
