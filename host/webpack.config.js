const { InjectManifest } = require('workbox-webpack-plugin');
const { sources } = require('webpack');
const createConfig = require('../scripts/webpack/create-config.cjs');
const { webAppManifest, APP_ICON_SVG } = require('./src/sw/manifest.cjs');

const base = createConfig({ packageDir: __dirname, name: 'paddock_host', port: 3000 });

/** The web app manifest and its icon, written beside index.html. */
class WebAppManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WebAppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'WebAppManifestPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset('manifest.json', new sources.RawSource(JSON.stringify(webAppManifest, null, 2)));
          compilation.emitAsset('icon.svg', new sources.RawSource(APP_ICON_SVG));
        },
      );
    });
  }
}

// Issue 31: installable and offline. The service worker (Workbox InjectManifest) precaches the
// shell's build; in development there is none, so a rebuild is never hidden behind a cache.
module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new WebAppManifestPlugin());
  if (argv.mode !== 'development') {
    config.plugins.push(
      new InjectManifest({
        swSrc: './src/sw/service-worker.ts',
        swDest: 'sw.js',
        exclude: [/\.map$/, /LICENSE/i, /^sw\.js$/],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      }),
    );
  }
  return config;
};
