// The shop's TypeScript bundled into one JavaScript module with esbuild (and each
// worker thread's into one beside it), for `npm start` (start.mjs). Through tsx
// every module was compiled as it loaded and its source map kept in memory: the
// bundled shop runs about 70 MB smaller. Packages from node_modules stay outside
// the bundle, imported by their absolute address (each workspace may have its own
// version). A bundle is built again unless every file it was built from is as it
// was then (the record beside it), and every folder holding one of them lists the
// same files, so it is never stale and a start on unchanged sources skips the
// build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repository = path.dirname(here);

// In embedded/dist, two levels under the repository like embedded/src/web-assets.ts,
// which finds the repository from its own address.
export const DEFAULT_OUTDIR = path.join(here, 'dist');

// A worker thread's module is an entry of its own, found beside the bundle by its name
// (infra/src/worker-threads).
const workers = {
  'qr-png-worker': path.join(repository, 'infra', 'src', 'payment-gateway', 'qr-png-worker.ts'),
  'pglite-worker': path.join(repository, 'infra', 'src', 'event-store', 'pglite-worker.ts'),
};

/**
 * What decides a bundle besides the sources esbuild reads: this file, the
 * manifests and the lock (which packages resolve where), the TypeScript settings.
 */
const settingsFiles = () => [
  fileURLToPath(import.meta.url),
  path.join(repository, 'package-lock.json'),
  path.join(repository, 'tsconfig.json'),
  ...fs
    .readdirSync(repository, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => path.join(repository, entry.name, 'package.json'))
    .filter((file) => fs.existsSync(file)),
  path.join(repository, 'package.json'),
];

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

/**
 * A file as the record keeps it: what changes when it is edited, replaced or
 * removed. The change time too: a copy that keeps the modification time
 * (`cp -p`, `rsync -a`, `tar`) still gets a new one. A folder's stamp changes
 * when a file is added to it, removed or renamed.
 */
function stamp(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs } : null;
}

/**
 * A file's time is the kernel's coarse clock (a tick, a few milliseconds, behind):
 * one stamped this close to the build's start may have changed while esbuild read it.
 */
const CHANGED_WHILE_BUILDING_MS = 100;

const sameStamp = (a, b) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.size === b.size &&
    a.mtimeMs === b.mtimeMs &&
    a.ctimeMs === b.ctimeMs);

/** The deepest folder holding both `a` and `b`. */
function commonFolder(a, b) {
  const left = a.split(path.sep);
  const right = b.split(path.sep);
  let shared = 0;
  while (shared < left.length && left[shared] === right[shared]) shared += 1;
  return left.slice(0, shared).join(path.sep) || path.sep;
}

/**
 * The folders a file added to could change what an import resolves to: each source's,
 * and each above it up to the folder its group of sources shares (`../lib` resolved to
 * lib/index.ts goes to a new lib.ts beside that folder). The repository's sources (the
 * worker threads' always) go up to the repository, not into it: no import of theirs
 * resolves there, and the shop makes its data folder in it. Any other entry's (a test's
 * project) up to the folder they share.
 */
function sourceFolders(sources) {
  const inside = (file) => file.startsWith(`${repository}${path.sep}`);
  const folders = new Set();
  const climb = (group, top) => {
    for (const source of group) {
      for (let folder = path.dirname(source); ; folder = path.dirname(folder)) {
        folders.add(folder);
        if (folder === top || folder === path.dirname(folder)) break;
      }
    }
  };
  climb(sources.filter(inside), repository);
  folders.delete(repository);
  const outside = sources.filter((source) => !inside(source));
  if (outside.length > 0) {
    climb(outside, outside.map((source) => path.dirname(source)).reduce(commonFolder));
  }
  return folders;
}

/** The record of what a bundle was built from, or null when it cannot be read. */
function readRecord(recordFile) {
  try {
    return JSON.parse(fs.readFileSync(recordFile, 'utf8'));
  } catch {
    return null;
  }
}

function isFresh(recordFile, entry, outputs) {
  const record = readRecord(recordFile);
  if (
    !record ||
    record.node !== process.versions.node ||
    record.entry !== entry ||
    typeof record.files !== 'object'
  ) {
    return false;
  }
  if (outputs.some((output) => !fs.existsSync(output))) return false;
  const files = Object.entries(record.files);
  return files.length > 0 && files.every(([file, was]) => sameStamp(stamp(file), was));
}

/**
 * Bundles `entry` (and the worker threads' modules) into `outdir` unless the
 * bundle there was built from the same files; returns the entry's bundle.
 */
export async function bundleShop(entryPath, { outdir = DEFAULT_OUTDIR } = {}) {
  const entry = path.resolve(entryPath);
  const name = path.basename(entry, '.ts');
  const outfile = path.join(outdir, `${name}.mjs`);
  const outputs = [
    outfile,
    ...Object.keys(workers).map((worker) => path.join(outdir, `${worker}.mjs`)),
  ];
  const recordFile = path.join(outdir, `${name}.built-from.json`);
  if (isFresh(recordFile, entry, outputs)) return outfile;

  // Made before the clock starts: creating it may change a source folder's stamp.
  fs.mkdirSync(outdir, { recursive: true });
  const startedAt = Date.now();
  const esbuild = await import('esbuild');
  const built = await esbuild.build({
    entryPoints: { [name]: entry, ...workers },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    sourcemap: 'linked',
    plugins: [packagesOutside],
    logLevel: 'error',
    metafile: true,
    absWorkingDir: repository,
    write: false,
  });
  await esbuild.stop();
  const sources = Object.keys(built.metafile.inputs)
    .filter((input) => !input.startsWith('file:'))
    .map((input) => path.resolve(repository, input));
  // The sources' folders too: a file added to one can change what an import resolves to
  // (`./cart` to a new cart.ts rather than cart/index.ts), which no stamp of a file read
  // can show.
  const files = Object.fromEntries(
    [...sources, ...sourceFolders(sources), ...settingsFiles()].map((file) => [file, stamp(file)]),
  );
  // A file changed while esbuild read it: this bundle may hold the old text, so no record
  // vouches for it and the next start builds again. (A settings file that does not exist is
  // recorded as missing.)
  const changedMeanwhile = Object.values(files).some(
    (was) =>
      was !== null && Math.max(was.mtimeMs, was.ctimeMs) >= startedAt - CHANGED_WHILE_BUILDING_MS,
  );
  fs.rmSync(recordFile, { force: true });
  // Each written aside and renamed: another start bundling at the same time never runs
  // half a file. The record goes last, so it never vouches for outputs not yet written.
  const writeAside = (file, contents) => {
    const aside = `${file}.${process.pid}`;
    fs.writeFileSync(aside, contents);
    fs.renameSync(aside, file);
  };
  for (const file of built.outputFiles) writeAside(file.path, file.contents);
  if (!changedMeanwhile) {
    writeAside(recordFile, JSON.stringify({ node: process.versions.node, entry, files }));
  }
  return outfile;
}
