import { IdentityAdminError, IdentityEmailTakenError, type IdentityAdmin, type IdentityUser } from './admin';

export interface Auth0ManagementConfig {
  /** The tenant's (or local idp's) base URL with a trailing slash, e.g. `https://paddock.au.auth0.com/`. */
  domain: string;
  /** A machine-to-machine client allowed `read:users`, `delete:users` and `update:users` on the Management API. */
  clientId: string;
  clientSecret: string;
  /** The Management API's audience: `<domain>api/v2/`. */
  audience: string;
}

/** How long before its expiry a management token is replaced. */
const TOKEN_MARGIN_MS = 60_000;
const TIMEOUT_MS = 10_000;

/** The Auth0 Management API calls the api makes, with a client-credentials token kept until it nears expiry. */
export class Auth0Management implements IdentityAdmin {
  #token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly config: Auth0ManagementConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async #call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new IdentityAdminError(`The identity provider could not be reached (${new URL(url).origin})`, {
        cause: error,
      });
    }
  }

  async #accessToken(): Promise<string> {
    if (this.#token && this.#token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return this.#token.value;
    const response = await this.#call(new URL('oauth/token', this.config.domain).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        audience: this.config.audience,
      }),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new IdentityAdminError(`The identity provider refused the management token (${response.status})`);
    }
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 0;
    this.#token = { value: body.access_token, expiresAt: Date.now() + lifetime };
    return body.access_token;
  }

  async getUser(sub: string): Promise<IdentityUser | null> {
    const token = await this.#accessToken();
    const url = new URL(`api/v2/users/${encodeURIComponent(sub)}`, this.config.domain);
    url.searchParams.set('fields', 'user_id,email,email_verified');
    const response = await this.#call(url.href, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json().catch(() => ({}))) as { email?: unknown; email_verified?: unknown };
    if (response.status === 404) return null;
    if (!response.ok) {
      if (response.status === 401) this.#token = undefined;
      throw new IdentityAdminError(`The identity provider did not read the user (${response.status})`);
    }
    return { email: typeof body.email === 'string' ? body.email : null, emailVerified: body.email_verified === true };
  }

  async deleteUser(sub: string): Promise<void> {
    const token = await this.#accessToken();
    const url = new URL(`api/v2/users/${encodeURIComponent(sub)}`, this.config.domain).href;
    const response = await this.#call(url, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    await response.body?.cancel();
    // 404: already gone, which is what we wanted.
    if (!response.ok && response.status !== 404) {
      if (response.status === 401) this.#token = undefined;
      throw new IdentityAdminError(`The identity provider did not delete the user (${response.status})`);
    }
  }

  async updateEmail(sub: string, email: string): Promise<{ email: string; emailVerified: boolean }> {
    const token = await this.#accessToken();
    const url = new URL(`api/v2/users/${encodeURIComponent(sub)}`, this.config.domain).href;
    const response = await this.#call(url, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, verify_email: true }),
    });
    const body = (await response.json().catch(() => ({}))) as { email?: unknown; email_verified?: unknown };
    if (response.status === 409) throw new IdentityEmailTakenError();
    // Auth0 answers a taken address with 400 and this message.
    if (response.status === 400 && JSON.stringify(body).includes('already exists')) throw new IdentityEmailTakenError();
    if (!response.ok || typeof body.email !== 'string') {
      if (response.status === 401) this.#token = undefined;
      throw new IdentityAdminError(`The identity provider did not change the e-mail (${response.status})`);
    }
    return { email: body.email, emailVerified: body.email_verified === true };
  }

  async markEmailVerified(sub: string, email: string): Promise<void> {
    const user = await this.getUser(sub);
    if (!user || user.email?.toLowerCase() !== email.toLowerCase() || user.emailVerified) return;
    const token = await this.#accessToken();
    const url = new URL(`api/v2/users/${encodeURIComponent(sub)}`, this.config.domain).href;
    const response = await this.#call(url, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email_verified: true }),
    });
    await response.body?.cancel();
    if (!response.ok) {
      if (response.status === 401) this.#token = undefined;
      throw new IdentityAdminError(`The identity provider did not mark the e-mail verified (${response.status})`);
    }
  }
}
