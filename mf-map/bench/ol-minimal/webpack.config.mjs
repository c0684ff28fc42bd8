// The minimal OpenLayers build the map bench compares mf-map with. Same settings as the project's
// factory (scripts/webpack/create-config.cjs) where they affect size: production mode with webpack's
// default minimizer (Terser; the factory does not replace it), esbuild-loader for TypeScript at
// es2020, and full source maps, which the bench reads to attribute minified bytes to modules.
import { join } from 'node:path';

const here = import.meta.dirname;

export default {
  mode: 'production',
  devtool: 'source-map',
  context: here,
  entry: { 'ol-minimal': './index.ts' },
  output: { path: join(here, '..', 'dist', 'ol-minimal'), filename: '[name].js', clean: true },
  resolve: { extensions: ['.ts', '.js', '.mjs'] },
  module: {
    rules: [{ test: /\.ts$/, exclude: /node_modules/, loader: 'esbuild-loader', options: { loader: 'ts', target: 'es2020' } }],
  },
  performance: { hints: false },
  stats: 'errors-warnings',
};
