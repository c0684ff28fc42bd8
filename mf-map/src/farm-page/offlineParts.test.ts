import { keepFarmPagePartsOffline } from './offlineParts';

type FakeWindow = Parameters<typeof keepFarmPagePartsOffline>[0];

function fakeWindow(controlled: boolean) {
  const idle = jest.fn();
  const view = {
    navigator: { serviceWorker: controlled ? { controller: {} } : undefined },
    requestIdleCallback: idle,
    setTimeout: jest.fn(),
  } as unknown as FakeWindow;
  return { view, idle };
}

describe('keepFarmPagePartsOffline', () => {
  it('fetches nothing ahead when no service worker keeps it', () => {
    const { view, idle } = fakeWindow(false);
    const load = jest.fn().mockResolvedValue([]);
    keepFarmPagePartsOffline(view, load);
    expect(idle).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('fetches the lazy parts when the browser is idle once a service worker controls the page', () => {
    const { view, idle } = fakeWindow(true);
    const load = jest.fn().mockResolvedValue([]);
    keepFarmPagePartsOffline(view, load);
    expect(load).not.toHaveBeenCalled();
    (idle.mock.calls[0]?.[0] as () => void)();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not fetch after the page has gone', () => {
    const { view, idle } = fakeWindow(true);
    const load = jest.fn().mockResolvedValue([]);
    const stop = keepFarmPagePartsOffline(view, load);
    stop();
    (idle.mock.calls[0]?.[0] as () => void)();
    expect(load).not.toHaveBeenCalled();
  });
});
