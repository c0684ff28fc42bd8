// `npm run build -w api`: compiles the api to dist/ with esbuild, so production runs JavaScript, not a
// TypeScript loader. Our sources and @paddock/shared are bundled; every other package stays in
// node_modules (native and WASM files: sharp, PGlite). Worker modules are entries of their own, at
// the same relative place as in src/ (src/workers/pool.ts finds them there).
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

const entryPoints = [
  'src/main.ts',
  'src/cli/admin.ts',
  'src/cli/seed.ts',
  'src/imagery/worker.ts',
  'src/plugins/convert/convert.worker.ts',
  'src/plugins/fields/boundaries.worker.ts',
  'src/plugins/zoning/prescription.worker.ts',
  'src/db/pglite.worker.ts',
  'src/db/pglite-migrate.process.ts',
  'src/prebuilt.process.ts',
];

/** Bundles only relative imports and our own workspace package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@paddock/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints,
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules loaded with import() (Stripe's adapter, S3 storage) become chunks of their own, so the
  // packages they import are loaded only when configured: an idle process stays small.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});

// Data derived from shipped packages (the gazetteer's localities, the base map's lines: src/prebuilt.ts),
// worked out now by the compiled process, so the api only reads files and never pays for it at run time.
execFileSync(process.execPath, ['dist/prebuilt.process.js', 'dist/prebuilt'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
console.log(`api compiled to dist/ (${entryPoints.length} entries, prebuilt data in dist/prebuilt)`);
