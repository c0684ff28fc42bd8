import '@paddock/shared/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { createApiClient } from '@paddock/shared/api-client';
import { createBus } from '@paddock/shared/bus';
import { profileResponseSchema, type HostRuntimeConfig, type MfProps } from '@paddock/shared/contracts';
import { Toaster } from '@paddock/shared/ui';
// Resolved by the webpack alias to this remote's own ./spa module.
import * as spa from 'paddock-remote-spa';
import { startSession } from '../src/auth/session';

const config: HostRuntimeConfig = {
  apiUrl: 'http://localhost:4000/v2',
  idpUrl: 'http://localhost:4400',
  supportEmail: 'support@paddock.example',
  auth: { domain: 'http://localhost:4400', clientId: 'paddock-web', audience: 'https://api.paddock.example' },
};

async function run() {
  const session = await startSession(config.auth);
  if (!session) return;
  const bus = createBus();
  const api = createApiClient({ baseUrl: config.apiUrl, getToken: () => session.auth.getToken() });
  const { data: profile } = await api.get('accounts/profile', profileResponseSchema);
  const domElement = document.getElementById('harness-area');
  const toasts = document.getElementById('harness-toasts');
  if (!domElement || !toasts) return;
  createRoot(toasts).render(<Toaster bus={bus} />);
  const props: MfProps & { name: string; domElement: HTMLElement } = {
    name: 'harness',
    domElement,
    basename: '/',
    auth: session.auth,
    profile,
    bus,
    config: { apiUrl: config.apiUrl, idpUrl: config.idpUrl, supportEmail: config.supportEmail },
  };
  await spa.bootstrap(props);
  await spa.mount(props);
}

void run();
