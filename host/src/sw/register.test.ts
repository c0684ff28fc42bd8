import { keepRemotesOffline, registerServiceWorker } from './register';

function fakeContainer() {
  const postMessage = jest.fn();
  const container = {
    register: jest.fn().mockResolvedValue({}),
    ready: Promise.resolve({ active: { postMessage } }),
  } as unknown as ServiceWorkerContainer;
  return { container, postMessage };
}

describe('the service worker from the page', () => {
  it('asks the active worker to keep every remote of this release', async () => {
    const { container, postMessage } = fakeContainer();
    await keepRemotesOffline(
      ['/remotes/mf_map/remoteEntry.js?release=2', '/remotes/mf_farms/remoteEntry.js'],
      container,
      true,
    );
    expect(postMessage).toHaveBeenCalledWith({
      type: 'KEEP_REMOTES',
      entries: ['/remotes/mf_map/remoteEntry.js?release=2', '/remotes/mf_farms/remoteEntry.js'],
    });
  });

  it('does nothing in development builds, where there is no worker', async () => {
    const { container, postMessage } = fakeContainer();
    await keepRemotesOffline(['/remotes/mf_map/remoteEntry.js'], container, false);
    await registerServiceWorker(container, false);
    expect(postMessage).not.toHaveBeenCalled();
    expect(container.register).not.toHaveBeenCalled();
  });
});
