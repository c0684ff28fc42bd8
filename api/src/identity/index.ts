import { type IdentityAdmin, type IdentityAdminConfig } from './admin';
import { Auth0Management } from './auth0';

export { IdentityAdminError, type IdentityAdmin, type IdentityAdminConfig } from './admin';

export function createIdentityAdmin(config: IdentityAdminConfig, fetchImpl: typeof fetch = fetch): IdentityAdmin {
  switch (config.kind) {
    case 'none':
      return { deleteUser: async () => undefined };
    case 'auth0': {
      const { kind: _kind, ...auth0 } = config;
      return new Auth0Management(auth0, fetchImpl);
    }
  }
}
