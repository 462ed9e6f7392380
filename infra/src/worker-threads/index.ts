import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';

/**
 * A worker thread running the module `name` that sits beside the module at
 * `importerUrl` (its caller's `import.meta.url`). In the shop `npm start` bundles,
 * it is the bundle's `<name>.mjs` beside it (embedded/bundle.mjs builds each
 * worker's module as an entry of its own). Run from TypeScript source (tests,
 * development, the services' images), `<name>.ts` is built into one module the
 * first time this process starts it (moduleBuiltFromSource).
 */
export function startModuleWorker(
  importerUrl: string,
  name: string,
  options: WorkerOptions = {},
): Worker {
  const module = importerUrl.endsWith('.ts')
    ? moduleBuiltFromSource(fileURLToPath(new URL(`./${name}.ts`, importerUrl)))
    : new URL(`./${name}.mjs`, importerUrl);
  return new Worker(module, {
    // A thread inherits its process's flags, but runs a file: --input-type (a flag of
    // `node --eval` programs) would stop it.
    execArgv: process.execArgv.filter((flag) => !flag.startsWith('--input-type')),
    ...options,
  });
}

const builtModules = new Map<string, URL>();

/**
 * A worker's TypeScript source and everything it imports, packages included,
 * bundled by esbuild into one JavaScript module, once per process. Loading the
 * source through tsx instead took each thread ~0.6 s of CPU (its loader hooks
 * start a thread of their own); the module starts in ~0.07 s. The file is named
 * by its content, in this user's own folder: processes building the same share it.
 */
function moduleBuiltFromSource(source: string): URL {
  const known = builtModules.get(source);
  if (known) return known;
  // Required here, not imported: the bundled shop never builds and does not load esbuild.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [source],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    // Node's own modules, for the CommonJS packages bundled in (qrcode, pngjs).
    banner: {
      js: `import { createRequire } from 'node:module'; const require = createRequire(${JSON.stringify(source)});`,
    },
  });
  const code = outputFiles[0]?.contents;
  if (!code) throw new Error(`esbuild built nothing from ${source}`);
  const digest = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const file = path.join(ownFolder(), `${path.basename(source, '.ts')}-${digest}.mjs`);
  if (!fs.existsSync(file)) {
    // Written whole, then renamed into place: a thread never starts on half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
  }
  const url = pathToFileURL(file);
  builtModules.set(source, url);
  return url;
}

/**
 * `quitute-workers-<uid>` in the temporary folder, which only this user can write
 * (a thread runs what it finds there). If another user made it first, a new
 * folder of this process's own.
 */
export function ownFolder(): string {
  const uid = process.getuid?.() ?? 0;
  const shared = path.join(os.tmpdir(), `quitute-workers-${uid}`);
  fs.mkdirSync(shared, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(shared);
  if (stat.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0) return shared;
  return fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-workers-'));
}
