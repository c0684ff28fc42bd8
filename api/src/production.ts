/**
 * Development conveniences that must not reach production (ARCHITECTURE §5): with
 * `NODE_ENV=production` the api refuses to start while any check below finds one, and names each.
 * A domain with its own development default (the embedded test payment provider and its test keys,
 * the dev mailbox as e-mail transport) adds a check to `productionChecks` next to its config parsing.
 */
export interface ProductionCheck {
  /** The environment variable to set, as the message names it. */
  variable: string;
  /** What is wrong with `env` for production, or null when nothing is. */
  problem(env: NodeJS.ProcessEnv): string | null;
}

const unset = (env: NodeJS.ProcessEnv, name: string) => !env[name]?.trim();

export const DEVELOPMENT_ADMIN_CLIENT_SECRET = 'paddock-dev-admin-secret';
export const DEVELOPMENT_INVITATION_SECRET = 'paddock-dev-invitation-secret';

export const productionChecks: ProductionCheck[] = [
  {
    variable: 'DATABASE_URL',
    problem: (env) =>
      unset(env, 'DATABASE_URL')
        ? 'is not set, so the embedded PGlite database (one process, development only) would be used'
        : null,
  },
  {
    variable: 'AUTH_ISSUER',
    problem: (env) =>
      unset(env, 'AUTH_ISSUER') ? 'is not set, so tokens of the local development idp would be accepted' : null,
  },
  {
    variable: 'ADMIN_CLIENT_SECRET',
    problem: (env) =>
      env.ADMIN_CLIENT_SECRET?.trim() === DEVELOPMENT_ADMIN_CLIENT_SECRET
        ? `is the published development secret "${DEVELOPMENT_ADMIN_CLIENT_SECRET}"`
        : null,
  },
  {
    variable: 'STRIPE_SECRET_KEY',
    problem: (env) =>
      (env.PAYMENTS_PROVIDER?.trim() ?? (unset(env, 'STRIPE_SECRET_KEY') ? 'test' : 'stripe')) === 'test'
        ? 'is not set, so the embedded test payment provider would take payments: the test payment provider is for development only (set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET)'
        : null,
  },
  {
    // Account deletion removes the identity through the Management API (IDENTITY_ADMIN=auth0); without
    // a secret of its own it would fall back to the published development admin secret.
    variable: 'IDENTITY_ADMIN_CLIENT_SECRET',
    problem: (env) => {
      if (env.IDENTITY_ADMIN?.trim() === 'none') return null;
      const secret = env.IDENTITY_ADMIN_CLIENT_SECRET?.trim() || env.ADMIN_CLIENT_SECRET?.trim();
      if (!secret)
        return 'is not set (nor ADMIN_CLIENT_SECRET), so deleted accounts could not be removed at the identity provider';
      return secret === DEVELOPMENT_ADMIN_CLIENT_SECRET
        ? `is the published development secret "${DEVELOPMENT_ADMIN_CLIENT_SECRET}"`
        : null;
    },
  },
  {
    // Farm invitations reach people by e-mail: the dev mailbox only stores them.
    variable: 'SMTP_URL',
    problem: (env) =>
      (env.EMAIL_TRANSPORT?.trim() ?? (unset(env, 'SMTP_URL') ? 'dev-mailbox' : 'smtp')) === 'dev-mailbox'
        ? 'is not set, so e-mails (farm invitations) would only reach the development mailbox'
        : null,
  },
  {
    variable: 'INVITATION_SECRET',
    problem: (env) =>
      unset(env, 'INVITATION_SECRET') || env.INVITATION_SECRET?.trim() === DEVELOPMENT_INVITATION_SECRET
        ? 'is not set, so invitation links would be signed with the published development secret'
        : null,
  },
  // Imagery-order tax documents print the seller's ABN and bank account: never the placeholders.
  {
    variable: 'SELLER_ABN',
    problem: (env) =>
      unset(env, 'SELLER_ABN') ? "is not set, so tax documents would show the ATO's example ABN" : null,
  },
  {
    variable: 'BANK_ACCOUNT_NUMBER',
    problem: (env) =>
      unset(env, 'BANK_BSB') || unset(env, 'BANK_ACCOUNT_NUMBER')
        ? 'is not set (with BANK_BSB), so tax invoices would ask customers to pay into a placeholder account'
        : null,
  },
];

export const isProduction = (env: NodeJS.ProcessEnv): boolean => env.NODE_ENV?.trim() === 'production';

/** The development defaults `env` still has, one sentence each (empty outside production). */
export function developmentDefaultsInProduction(
  env: NodeJS.ProcessEnv,
  checks: readonly ProductionCheck[] = productionChecks,
): string[] {
  if (!isProduction(env)) return [];
  return checks.flatMap((check) => {
    const problem = check.problem(env);
    return problem ? [`${check.variable} ${problem}`] : [];
  });
}

/** The refusal message for `problems` (from `developmentDefaultsInProduction`). */
export function productionRefusal(service: string, problems: readonly string[]): string {
  return [
    `${service} refuses to start in production (NODE_ENV=production) with development defaults:`,
    ...problems.map((problem) => `  - ${problem}`),
    'Set these variables (see README, Configuration), or unset NODE_ENV for development.',
  ].join('\n');
}
