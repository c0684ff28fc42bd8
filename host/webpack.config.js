const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({ packageDir: __dirname, name: 'paddock_host', port: 3000 });
