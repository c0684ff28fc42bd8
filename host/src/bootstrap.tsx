import '@paddock/shared/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { navigateToUrl, registerApplication, start, addErrorHandler } from 'single-spa';
import { createApiClient } from '@paddock/shared/api-client';
import { createBus } from '@paddock/shared/bus';
import {
  onboardingRedirect,
  type HostRuntimeConfig,
  type MfProps,
  type Profile,
  type ProfileResponse,
  type RemotesManifest,
} from '@paddock/shared/contracts';
import { startSession } from './auth/session';
import { areaApplication } from './areas/areaApplication';
import { createRemoteLoader } from './areas/remoteLoader';
import { areas, isAreaActive } from './areas/routeTable';
import { Shell } from './shell/Shell';
import { createNotificationsClient } from './shell/notificationsClient';
import { FatalError } from './shell/FatalError';
import { useShellStore } from './state/shellStore';
import { keepRemotesOffline, registerServiceWorker } from './sw/register';

async function fetchJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

function pathOf(url: string): string {
  return new URL(url, window.location.origin).pathname;
}

async function main() {
  const rootElement = document.getElementById('shell');
  if (!rootElement) throw new Error('host page has no #shell element');
  const root = createRoot(rootElement);
  const fail = (message: string) => root.render(<FatalError message={message} />);
  void registerServiceWorker();

  let config: HostRuntimeConfig;
  let manifest: RemotesManifest;
  try {
    [config, manifest] = await Promise.all([
      fetchJson<HostRuntimeConfig>('/config.json'),
      fetchJson<RemotesManifest>('/remotes.json'),
    ]);
  } catch {
    fail('Paddock could not read its settings. Please reload the page.');
    return;
  }
  if (navigator.onLine) void keepRemotesOffline(Object.values(manifest));

  let session;
  try {
    session = await startSession(config.auth);
  } catch (error) {
    console.error('[paddock] sign-in failed', error);
    fail('We could not sign you in. Check that the sign-in service is running, then try again.');
    return;
  }
  if (!session) return; // on the way to the sign-in page
  const { auth } = session;

  const bus = createBus();
  const api = createApiClient({ baseUrl: config.apiUrl, getToken: () => auth.getToken() });
  let profile: Profile;
  try {
    // Not parsed with the zod contract here: the API already validates what it sends, and zod
    // would take most of the shell's size budget. The remotes parse what they use.
    profile = (await api.http.get('accounts/profile').json<ProfileResponse>()).data;
  } catch (error) {
    console.error('[paddock] profile failed to load', error);
    fail('Your account could not be loaded. Please try again in a moment.');
    return;
  }

  const store = useShellStore.getState();
  store.setUser(session.user);
  store.setProfile(profile);
  bus.on('paddock:profile-changed', ({ profile: next }) => useShellStore.getState().setProfile(next));
  bus.on('paddock:cart-changed', ({ count }) => useShellStore.getState().setCartCount(count));
  bus.on('paddock:notifications-changed', ({ unread }) => useShellStore.getState().setUnreadCount(unread));
  // The bell's count: asked at start and whenever the tab comes back (alerts arrive from a daily scan).
  const notifications = createNotificationsClient(api, bus);
  const refreshUnread = () => notifications.refresh().catch(() => undefined);
  void refreshUnread();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshUnread();
  });

  const redirectFor = (pathname: string) =>
    onboardingRedirect(pathname, useShellStore.getState().profile ?? profile, Boolean(auth.user.email_verified));

  const initialRedirect = redirectFor(window.location.pathname);
  if (initialRedirect) window.history.replaceState(null, '', initialRedirect);
  store.setPathname(window.location.pathname);

  window.addEventListener('single-spa:before-routing-event', (event) => {
    const { newUrl, cancelNavigation } = (event as CustomEvent<{ newUrl: string; cancelNavigation?: () => void }>)
      .detail;
    const target = redirectFor(pathOf(newUrl));
    if (target && cancelNavigation) {
      cancelNavigation();
      window.setTimeout(() => navigateToUrl(target));
    }
  });
  window.addEventListener('single-spa:routing-event', () =>
    useShellStore.getState().setPathname(window.location.pathname),
  );

  const customProps = (): MfProps => ({
    basename: '/',
    auth,
    profile: useShellStore.getState().profile ?? profile,
    bus,
    config: { apiUrl: config.apiUrl, idpUrl: config.idpUrl, supportEmail: config.supportEmail },
  });

  const loader = createRemoteLoader(manifest);
  let started = false;
  const startAreas = (areasElement: HTMLElement) => {
    if (started) return;
    started = true;
    for (const area of areas) {
      const container = document.createElement('div');
      container.dataset.area = area.remote;
      container.hidden = true;
      areasElement.append(container);
      registerApplication({
        name: area.remote,
        app: async () => areaApplication(area, loader, container),
        activeWhen: (location) => isAreaActive(area, location.pathname),
        customProps,
      });
    }
    addErrorHandler((error) => console.error('[paddock] area error', error));
    start({ urlRerouteOnly: true });
  };

  root.render(<Shell bus={bus} onLogout={auth.logout} onAreasElement={startAreas} notifications={notifications} />);

  // The cart modal belongs to the whole product (nav button, map): mounted once, beside the areas.
  const cartElement = document.createElement('div');
  cartElement.dataset.module = 'cart';
  document.body.append(cartElement);
  loader.loadExposed('cart').then(
    ({ mountCart }) => mountCart(cartElement, { props: customProps() }),
    (error: unknown) => console.error('[paddock] the cart could not be loaded', error),
  );
}

void main();
