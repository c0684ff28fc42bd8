const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  packageDir: __dirname,
  name: 'mf_commerce',
  port: 3003,
  exposes: { './spa': './src/spa.tsx', './cart': './src/cart/mountCart.tsx' },
});
