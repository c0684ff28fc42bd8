const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  packageDir: __dirname,
  name: 'mf_map',
  port: 3002,
  exposes: { './spa': './src/spa.tsx' },
});
