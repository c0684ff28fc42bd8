// One lint config for every workspace; each package runs `eslint src` from its own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';

// ---- api layering (issue 28): plugins meet only through public files; nothing below imports a plugin ----
// A plugin (api/src/plugins/<x>/) may import another plugin only through its public file: `<y>/api.ts`,
// or the access files every domain shares (`farms/access.ts`, `imagery/access.ts`,
// `accounts/current-account.ts`), besides `plugins/responses.ts`. Everything under api/src outside
// plugins/ (db, geo, imagery, places, jobs, cli, ...) is below the plugins and imports none. Above them
// sit the composition root `app.ts` and the benches (which drive services in-process, the way a route
// does): they import `plugins/index.ts` only. Tests (`*.test.ts`) and the test support in api/src/test/
// may import what they test. ESLint matches the import text, so the patterns are written per folder
// depth (a plugin's files, then its sub-folders).
const PUBLIC_PLUGIN_FILES = [
  '[^/.][^/]*/api',
  'farms/access',
  'imagery/access',
  'accounts/current-account',
  'responses',
];
const alternatives = (names) => names.map((name) => `${name}$`).join('|');
/** Another plugin's file, `up` folders up from the importing file, unless it is one of `allowed`. */
const crossPlugin = (up, allowed) => ({
  regex: `^${'\\.\\./'.repeat(up)}(?!(?:${alternatives(allowed)}))[^/.][^/]*(?:/|$)`,
  message:
    'A plugin imports another plugin only through its public file (<plugin>/api.ts, farms/access, imagery/access, accounts/current-account): move what you need there, or below the plugins (api/src/geo, api/src/db, ...).',
});
const pluginRule = (allowed) => [
  {
    files: ['api/src/plugins/*/*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossPlugin(1, allowed)] }] },
  },
  {
    files: ['api/src/plugins/*/*/**/*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossPlugin(2, allowed)] }] },
  },
];
const belowPlugins = {
  regex: '(?:^|/)plugins(?:/|$)',
  message:
    'Code below the plugins never imports a plugin (only app.ts and the benches use them, through plugins/index.ts): move the helper below (api/src/geo, api/src/db, ...) or take what you need as an argument.',
};
const apiLayers = [
  ...pluginRule(PUBLIC_PLUGIN_FILES),
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/plugins/**', 'api/src/app.ts', 'api/src/bench/**', 'api/src/**/*.test.ts', 'api/src/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [belowPlugins] }] },
  },
  {
    files: ['api/src/app.ts', 'api/src/bench/**/*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(?:^|/)plugins/',
              message:
                'app.ts and the benches reach the plugins through plugins/index.ts only: export what you need there.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Build, start and bench scripts run in node and pass functions into the browser page; the api's
    // CommonJS worker entry, the host's service-worker manifest builder and the packages' configs run in node.
    files: [
      'scripts/**/*.{mjs,cjs}',
      'gateway/**/*.{mjs,cjs}',
      'api/src/**/*.cjs',
      'host/src/**/*.cjs',
      // Each package's build, jest and webpack files at its root run in node.
      '*.{js,cjs,mjs}',
      '*/*.{js,cjs,mjs}',
    ],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // api layering (see `apiLayers` above).
  ...apiLayers,
  {
    // mf-map layering (issue 28): the page composes the features. A feature folder (imagery, zoning, fields,
    // measure, tutorial, embed, … and any new folder under mf-map/src, by the catch-all glob) may import
    // the base (map-core, store, api, controls, messages, settings, context), testing and @paddock/shared,
    // never another feature nor farm-page; the base never imports a feature or the page.
    // See mf-map/README.md "Adding a feature to the map".
    files: ['mf-map/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'map-base', pattern: 'mf-map/src/{map-core,store,api,controls}', partialMatch: false },
        { type: 'map-testing', pattern: 'mf-map/src/testing', partialMatch: false },
        { type: 'map-page', pattern: 'mf-map/src/farm-page', partialMatch: false },
        // The partner-portal demo is a page outside Paddock that loads the embed, as a host would.
        { type: 'map-app', pattern: 'mf-map/src/partner-portal', partialMatch: false },
        { type: 'map-feature', pattern: 'mf-map/src/*', partialMatch: false, capture: ['feature'] },
      ],
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        { category: 'map-base-file', pattern: 'mf-map/src/{messages,settings,context}.{ts,tsx}' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'map-base' } }, allow: { to: { element: { type: 'map-base' } } } },
            // messages, settings and context are files at the top of src: anyone may use them, they use no feature.
            { allow: { to: { file: { categories: 'map-base-file' } } } },
            { from: { file: { categories: 'map-base-file' } }, allow: { to: { element: { type: 'map-base' } } } },
            {
              from: { file: { categories: 'map-base-file' } },
              disallow: { to: { element: { types: { anyOf: ['map-feature', 'map-page', 'map-testing'] } } } },
            },
            // Tests anywhere may use the test harness.
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'map-testing' } } } },
            {
              from: { element: { type: 'map-feature' } },
              allow: { to: { element: { types: { anyOf: ['map-base', 'map-testing'] } } } },
            },
            {
              from: { element: { types: { anyOf: ['map-page', 'map-app', 'map-testing'] } } },
              allow: {
                to: {
                  element: { types: { anyOf: ['map-base', 'map-testing', 'map-feature', 'map-page', 'map-app'] } },
                },
              },
            },
          ],
        },
      ],
    },
  },
  // Formatting is Prettier's (checked by `npm run lint` and `npm test`); rules that disagree with it are off.
  prettier,
);
