import { IdentityAdminError, type IdentityAdmin, type IdentityAdminConfig } from './admin';
import { Auth0Management } from './auth0';

export {
  IdentityAdminError,
  IdentityEmailTakenError,
  type IdentityAdmin,
  type IdentityAdminConfig,
  type IdentityUser,
} from './admin';

export function createIdentityAdmin(config: IdentityAdminConfig, fetchImpl: typeof fetch = fetch): IdentityAdmin {
  switch (config.kind) {
    case 'none':
      return {
        getUser: async () => null,
        deleteUser: async () => undefined,
        // No administration API: the account is marked verified in the api only.
        markEmailVerified: async () => undefined,
        updateEmail: async () => {
          throw new IdentityAdminError('This identity provider has no administration API to change e-mail addresses');
        },
      };
    case 'auth0': {
      const { kind: _kind, ...auth0 } = config;
      return new Auth0Management(auth0, fetchImpl);
    }
  }
}
