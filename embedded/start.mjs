// `npm start` (and `node embedded/start.mjs <entry.ts>` for another entry, as
// the cold-start benchmark does): bundles the shop's TypeScript into one
// JavaScript module with esbuild (and each worker thread's into one beside
// it), then runs it in this process. Through tsx
// every module was compiled as it loaded and its source map kept in memory:
// the bundled shop runs about 70 MB smaller. Packages from node_modules stay
// outside the bundle, imported by their absolute address (each workspace may
// have its own version). A fresh bundle each start (well under a second) is
// never stale; run with --enable-source-maps for stacks in the TypeScript.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = path.resolve(process.argv[2] ?? path.join(here, 'src', 'start.ts'));
// In embedded/dist, two levels under the repository like embedded/src/web-assets.ts,
// which finds the repository from its own address.
const outdir = path.join(here, 'dist');
const outfile = path.join(outdir, `${path.basename(entry, '.ts')}.mjs`);
// A worker thread's module is an entry of its own, found beside the bundle by its name
// (infra/src/worker-threads).
const workers = {
  'qr-png-worker': path.join(here, '..', 'infra', 'src', 'payment-gateway', 'qr-png-worker.ts'),
  'pglite-worker': path.join(here, '..', 'infra', 'src', 'event-store', 'pglite-worker.ts'),
};

/** Bare imports that resolve into node_modules (not our own workspaces) stay imports. */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || args.kind === 'entry-point') return undefined;
      if (args.path.startsWith('node:') || args.path.startsWith('@quitute/')) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      if (!resolved.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

const built = await esbuild.build({
  entryPoints: { [path.basename(entry, '.ts')]: entry, ...workers },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${process.versions.node}`,
  sourcemap: 'linked',
  plugins: [packagesOutside],
  logLevel: 'error',
  write: false,
});
await esbuild.stop();
fs.mkdirSync(outdir, { recursive: true });
// Written aside and renamed: another start bundling at the same time never runs half a file.
for (const file of built.outputFiles) {
  const aside = `${file.path}.${process.pid}`;
  fs.writeFileSync(aside, file.contents);
  fs.renameSync(aside, file.path);
}
await import(pathToFileURL(outfile).href);
