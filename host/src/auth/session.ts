import { createAuth0Client, type Auth0Client } from '@auth0/auth0-spa-js';
import { paths, type HostRuntimeConfig, type IdpUser, type MfAuth } from '@paddock/shared/contracts';
import { clearOfflineUserData } from '../sw/register';

const SCOPE = 'openid profile email offline_access';

export interface Session {
  auth: MfAuth;
  user: IdpUser;
}

function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/**
 * A farm invitation's link (`/invitation?token=…&email=…`) opens the sign-up form with the invited
 * address filled in (the page links to sign-in for someone who has an account); anything else the
 * sign-in form.
 */
export function signInHints(location: Pick<Location, 'pathname' | 'search'>): Record<string, string> {
  if (location.pathname !== paths.invitation) return {};
  const email = new URLSearchParams(location.search).get('email');
  return { screen_hint: 'signup', ...(email ? { login_hint: email } : {}) };
}

async function readUser(client: Auth0Client): Promise<IdpUser> {
  const claims = await client.getUser();
  if (!claims?.sub) throw new Error('The identity provider returned no user');
  return {
    sub: claims.sub,
    email: claims.email,
    email_verified: claims.email_verified,
    nickname: claims.nickname,
    picture: claims.picture,
    name: claims.name,
  };
}

/**
 * Signs the visitor in (or finishes the redirect back from the identity provider).
 * Resolves to null while the browser is on its way to the sign-in page.
 */
export async function startSession(config: HostRuntimeConfig['auth']): Promise<Session | null> {
  const client = await createAuth0Client({
    domain: config.domain,
    clientId: config.clientId,
    authorizationParams: { audience: config.audience, redirect_uri: `${window.location.origin}/`, scope: SCOPE },
    useRefreshTokens: true,
    useRefreshTokensFallback: false,
    cacheLocation: 'localstorage',
  });

  const params = new URLSearchParams(window.location.search);
  if (params.has('code') && params.has('state')) {
    const { appState } = await client.handleRedirectCallback<{ returnTo?: string }>();
    window.history.replaceState(null, '', appState?.returnTo ?? '/');
  }

  if (!(await client.isAuthenticated())) {
    await client.loginWithRedirect({
      appState: { returnTo: currentLocation() },
      authorizationParams: signInHints(window.location),
    });
    return null;
  }

  // A token is needed before any private route renders; a dead refresh token means signing in again.
  // With no signal (issue 31), the last session is kept for reading and drafting: what the page
  // asks of the API comes from the offline copy, and anything that needs a token waits for signal.
  try {
    await client.getTokenSilently();
  } catch {
    if (navigator.onLine) {
      await client.loginWithRedirect({ appState: { returnTo: currentLocation() } });
      return null;
    }
  }

  const session: Session = {
    user: await readUser(client),
    auth: {
      user: { sub: '' },
      getToken: async (options) => {
        const token = await client.getTokenSilently(options?.fresh ? { cacheMode: 'off' } : undefined);
        if (!token) throw new Error('The sign-in session has ended');
        return token;
      },
      refreshUser: async () => {
        await client.getTokenSilently({ cacheMode: 'off' });
        session.user = await readUser(client);
        session.auth.user = session.user;
        return session.user;
      },
      logout: () => {
        clearOfflineUserData();
        void client.logout({ logoutParams: { returnTo: window.location.origin } });
      },
    },
  };
  session.auth.user = session.user;
  return session;
}
