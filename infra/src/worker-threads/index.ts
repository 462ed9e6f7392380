import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module `name` that sits beside the module at
 * `importerUrl` (its caller's `import.meta.url`). Run from TypeScript source
 * (tests, the benchmarks, development) the thread loads `<name>.ts` through
 * tsx; in the shop `npm start` bundles, it is the bundle's `<name>.mjs` beside
 * it (embedded/bundle.mjs builds each worker's module as an entry of its own).
 */
export function startModuleWorker(
  importerUrl: string,
  name: string,
  options: WorkerOptions = {},
): Worker {
  if (!importerUrl.endsWith('.ts'))
    return new Worker(new URL(`./${name}.mjs`, importerUrl), options);
  const source = new URL(`./${name}.ts`, importerUrl).href;
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    { ...options, eval: true },
  );
}
