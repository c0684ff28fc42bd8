// One lint config for every workspace; each package runs `eslint src` from its own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';

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
    // CommonJS worker entry runs in node.
    files: ['scripts/**/*.{mjs,cjs}', 'gateway/**/*.{mjs,cjs}', 'api/src/**/*.cjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
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
