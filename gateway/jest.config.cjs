module.exports = { ...require('../jest.base.cjs')('node'), testTimeout: 30000 };
