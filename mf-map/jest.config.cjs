const base = require('../jest.base.cjs')('jsdom');

// OpenLayers and the index it builds on (rbush, quickselect) ship as ES modules only.
const [ignore] = base.transformIgnorePatterns;
module.exports = { ...base, transformIgnorePatterns: [ignore.replace('(?!(', '(?!(ol|rbush|quickselect|earcut|')] };
