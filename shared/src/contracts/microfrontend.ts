import type { Profile } from './accounts';
import type { IdpUser } from './identity';
import type { PaddockBus } from '../bus';

/** Runtime settings the host hands every remote (never baked into a remote's build). */
export interface MfConfig {
  apiUrl: string;
  idpUrl: string;
  supportEmail: string;
}

export interface MfAuth {
  /** A valid access token for the API; `fresh` skips the cache (e.g. after e-mail verification). */
  getToken(options?: { fresh?: boolean }): Promise<string>;
  /** The signed-in user as the identity provider last described them. */
  user: IdpUser;
  /** Re-reads the identity-provider user (claims such as email_verified change over time). */
  refreshUser(): Promise<IdpUser>;
  logout(): void;
}

/** The only door between the host and a remote: single-spa custom props. */
export interface MfProps {
  basename: string;
  auth: MfAuth;
  profile: Profile;
  bus: PaddockBus;
  config: MfConfig;
}

/** Names of the four remotes as federation containers. */
export const remoteNames = ['mf_farms', 'mf_map', 'mf_commerce', 'mf_account'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** `/remotes.json` served next to the host: container name → remoteEntry URL. */
export type RemotesManifest = Record<RemoteName, string>;

/** `/config.json` served next to the host. */
export interface HostRuntimeConfig extends MfConfig {
  auth: { domain: string; clientId: string; audience: string };
}
