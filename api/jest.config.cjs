const base = require('../jest.base.cjs')('node');

const swc = base.transform['^.+\\.(t|j|mj)sx?$'];
// ESM-only (or dynamic-import-using) packages the api loads under jest, wherever npm nested them:
// jose; PGlite's CommonJS build, whose `import("fs")`-style calls need swc's require() rewrite
// (jest cannot run dynamic import without --experimental-vm-modules); @fastify/static's content-disposition and light-my-request's cookie (ESM-only).
const transformed = [
  'jose',
  '@electric-sql',
  'content-disposition',
  'cookie',
  'geotiff',
  'quick-lru',
  'flatbush',
  'flatqueue',
  'polyclip-ts',
];

module.exports = {
  ...base,
  testTimeout: 90000,
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  transform: { ...base.transform, '^.+\\.cjs$': swc },
  transformIgnorePatterns: [`^(?!.*/node_modules/(${transformed.join('|')})/).*/node_modules/`],
};
