const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  packageDir: __dirname,
  name: 'mf_account',
  port: 3004,
  exposes: { './spa': './src/spa.tsx' },
});
