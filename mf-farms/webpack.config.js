const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  packageDir: __dirname,
  name: 'mf_farms',
  port: 3001,
  exposes: {
    './spa': './src/spa.tsx',
    './import-wizard': './src/import-wizard.tsx',
    './farm-dialogs': './src/farm-dialogs.tsx',
  },
});
