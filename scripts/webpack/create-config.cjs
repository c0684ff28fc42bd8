// One webpack + Module Federation setup for the host and the four remotes, so the shared
// singletons and the external-runtime pairing can never drift between them.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');

const rootPkg = require('../../host/package.json');
// The standalone harness plays the host for one remote in development: real sign-in, same props.
const harnessDir = path.join(__dirname, '..', '..', 'host', 'dev-harness');
const harnessEntry = path.join(harnessDir, 'index.ts');
const reactVersion = rootPkg.dependencies.react;

/**
 * Singletons every federated bundle shares; one exact React in the whole monorepo. Packages only some
 * bundles use (TanStack Query: the remotes, not the shell) are shared by those that declare them, so
 * the host never loads them and the first remote to mount provides the one copy.
 */
const optionalSingletons = ['@tanstack/react-query'];

function sharedModules(deps) {
  const singleton = (version) => ({ singleton: true, requiredVersion: version, strictVersion: false });
  const optional = Object.fromEntries(
    optionalSingletons.filter((name) => deps[name]).map((name) => [name, singleton(deps[name])]),
  );
  return {
    ...optional,
    react: singleton(reactVersion),
    'react/jsx-runtime': singleton(reactVersion),
    'react-dom': singleton(reactVersion),
    'react-dom/client': singleton(reactVersion),
    zustand: singleton(deps.zustand),
    ky: singleton(deps.ky),
    luxon: singleton(deps.luxon),
  };
}

/** The file a remote's build lists its chunks in, for the service worker to keep them all offline. */
const OFFLINE_ASSETS_FILE = 'offline-assets.json';

/**
 * Lists every script and stylesheet of a remote's build in `offline-assets.json`. Offline, a chunk
 * the page never fetched with signal cannot be loaded, and which chunks a page needs depends on the
 * shared-module choices of the moment; so the app's service worker keeps them all (issue 31).
 */
class OfflineAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('OfflineAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'OfflineAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = Object.keys(compilation.assets)
            .filter((file) => /\.(js|css)$/.test(file) && file !== 'remoteEntry.js')
            .sort();
          compilation.emitAsset(OFFLINE_ASSETS_FILE, new sources.RawSource(JSON.stringify({ files })));
        },
      );
    });
  }
}

/**
 * @param {{ packageDir: string, name: string, port: number, exposes?: Record<string,string>, extraHtml?: Array<{filename: string, template: string, chunks: string[]}>, extraEntries?: Record<string,string> }} options
 */
module.exports = function createConfig(options) {
  const { packageDir, name, port, exposes } = options;
  const isHost = !exposes;
  const pkg = require(path.join(packageDir, 'package.json'));

  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const standaloneDev = !production && !isHost;
    // A remote's production output is its container (remoteEntry.js) and chunks; no page of its own.
    const entry = { ...(isHost ? { main: './src/index.ts' } : {}), ...(options.extraEntries ?? {}) };
    if (standaloneDev) entry.harness = harnessEntry;

    const html = [];
    if (isHost) html.push(new HtmlWebpackPlugin({ template: './src/index.html', chunks: ['main'], publicPath: '/' }));
    if (standaloneDev) {
      html.push(
        new HtmlWebpackPlugin({
          template: path.join(harnessDir, 'index.html'),
          chunks: ['harness'],
          templateParameters: { remoteName: name, title: pkg.name },
        }),
      );
    }
    for (const page of options.extraHtml ?? []) html.push(new HtmlWebpackPlugin(page));

    return {
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      context: packageDir,
      entry,
      output: {
        path: path.join(packageDir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        alias: exposes ? { 'paddock-remote-spa$': path.join(packageDir, exposes['./spa']) } : {},
      },
      module: {
        rules: [
          {
            test: /\.tsx$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
          },
          {
            // Plain .ts must not be parsed as TSX: `<T,>(x: T) => ...` generics read as JSX there.
            test: /\.[cm]?ts$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { loader: 'ts', target: 'es2020' },
          },
          {
            test: /\.module\.css$/,
            use: [
              'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    localIdentName: production ? '[hash:base64:8]' : '[name]__[local]__[hash:base64:5]',
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                  },
                },
              },
            ],
          },
          { test: /\.css$/, exclude: /\.module\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(svg|png|jpe?g|webp)$/, type: 'asset' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          shared: sharedModules(pkg.dependencies),
          dts: false,
          manifest: false,
          // The host ships the federation runtime once; remotes built for it borrow that copy.
          // A remote running standalone in dev has no host, so it carries its own.
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: !standaloneDev }),
            // Browser-only federation without manifests: drops the snapshot and Node code paths.
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        ...html,
        ...(production && !isHost ? [new OfflineAssetsPlugin()] : []),
      ],
      // SWC minifies, with webpack's default settings for Terser (two compress passes): Terser itself
      // took most of each production build's time, on every build CI makes. esbuild's minifier was
      // faster still but keeps the unused code inside webpack's modules (the map chunk grew by 38 %).
      optimization: production
        ? {
            minimizer: [
              new MinimizerPlugin({
                minify: MinimizerPlugin.swcMinify,
                terserOptions: { compress: { passes: 2 }, mangle: true },
              }),
            ],
          }
        : {},
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: isHost ? { directory: path.join(packageDir, 'public') } : false,
        client: { overlay: { runtimeErrors: false } },
      },
      stats: 'errors-warnings',
    };
  };
};
