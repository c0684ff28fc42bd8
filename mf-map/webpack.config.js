const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const createConfig = require('../scripts/webpack/create-config.cjs');

const remote = createConfig({
  packageDir: __dirname,
  name: 'mf_map',
  port: 3002,
  exposes: { './spa': './src/spa.tsx', './embed': './src/embed/index.tsx' },
});

/**
 * The partner-portal demo (dist/partner-portal.html): a plain page with no host. It is built apart
 * from the remote because it plays the host's part, giving the remote the federation runtime the
 * remote is built to borrow (externalRuntime), so it must carry that runtime itself.
 */
const partnerPortal = {
  name: 'partner-portal',
  dependencies: ['mf_map'],
  mode: 'production',
  devtool: 'source-map',
  context: __dirname,
  entry: { 'partner-portal': './src/partner-portal/partner-portal.ts' },
  output: {
    path: path.join(__dirname, 'dist'),
    filename: '[name].js',
    chunkFilename: 'partner-portal.[contenthash:8].js',
    publicPath: 'auto',
    clean: false,
  },
  resolve: { extensions: ['.ts', '.js', '.mjs'] },
  module: {
    rules: [
      { test: /\.ts$/, exclude: /node_modules/, loader: 'esbuild-loader', options: { loader: 'ts', target: 'es2020' } },
    ],
  },
  plugins: [
    new HtmlWebpackPlugin({
      template: './public/partner-portal.html',
      filename: 'partner-portal.html',
      chunks: ['partner-portal'],
      inject: 'body',
    }),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
};

module.exports = (env, argv) => {
  const config = { ...remote(env, argv), name: 'mf_map' };
  // The standalone dev server serves the remote alone; the demo page is part of the production dist.
  return argv.mode === 'development' ? config : [config, partnerPortal];
};
