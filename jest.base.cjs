// Shared jest settings: TypeScript/TSX through @swc/jest, ESM-only packages transpiled too.
const esmPackages = [
  'ky',
  'jose',
  'oidc-provider',
  'single-spa',
  'single-spa-react',
  'nanoid',
  'kysely-pglite',
  '@electric-sql',
];

/** @param {'node' | 'jsdom'} environment */
module.exports = function jestConfig(environment) {
  return {
    // jsdom gets Node's fetch primitives so components run the real api client against a fake fetch.
    testEnvironment: environment === 'jsdom' ? require.resolve('./jest.environment-dom.cjs') : 'node',
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    moduleNameMapper: { '\\.(css)$': 'identity-obj-proxy' },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    // An upper bound, not a wait: tests wait on conditions. Rendering a whole page in jsdom or starting
    // a server takes seconds on a busy 2-core machine, past jest's 5 s default.
    testTimeout: environment === 'jsdom' ? 20_000 : 15_000,
    ...(environment === 'jsdom' ? { setupFilesAfterEnv: [require.resolve('./jest.setup-dom.cjs')] } : {}),
  };
};
