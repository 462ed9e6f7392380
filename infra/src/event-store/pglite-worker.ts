import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** The thread of pglite-client.ts: PGlite opened on `workerData`'s directory, run by messages. */
export type PgliteRequest =
  | { id: number; op: 'query'; text: string; params: unknown[] }
  | { id: number; op: 'script'; text: string }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

export interface PgliteErrorShape {
  message: string;
  code?: string;
  constraint?: string;
}

export type PgliteAnswer =
  | { id: number; rows: Record<string, unknown>[] }
  | { id: number; done: true }
  | { id: number; error: PgliteErrorShape }
  | { notify: string }
  | { opened: true }
  | { openFailed: PgliteErrorShape };

export interface PgliteWorkerData {
  /** The data directory; PGlite in memory without one. */
  directory: string | undefined;
  assets: PgliteAssets;
}

/**
 * PGlite's WebAssembly, compiled once per process, and its file-system bundle, read once:
 * a new thread opens sooner without doing either again. Figures: BENCHMARKS.md.
 */
export interface PgliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Uint8Array<ArrayBuffer>;
}

/**
 * PGlite's PostgreSQL settings beyond its defaults (never through `postgresqlconf`: it
 * rewrites the data directory's postgresql.conf).
 *
 * - plan_cache_mode=force_custom_plan: plpgsql keeps a statement's generic plan for the
 *   life of the connection, and PGlite is one connection that never runs ANALYZE: plans
 *   made on a young log went on scanning the whole events table as it grew.
 * - shared_buffers=16MB: PostgreSQL's 128 MB default lives in PGlite's WebAssembly heap,
 *   which never shrinks; the OS caches the data directory anyway. Figures: BENCHMARKS.md.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'plan_cache_mode=force_custom_plan',
  '-c',
  'shared_buffers=16MB',
];

const { directory, assets } = workerData as PgliteWorkerData;

const errorShape = (error: unknown): PgliteErrorShape => {
  const shape: PgliteErrorShape = {
    message: error instanceof Error ? error.message : String(error),
  };
  if (typeof error === 'object' && error !== null) {
    if ('code' in error && typeof error.code === 'string') shape.code = error.code;
    if ('constraint' in error && typeof error.constraint === 'string') {
      shape.constraint = error.constraint;
    }
  }
  return shape;
};

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');
let db: PGlite;
try {
  db = await PGlite.create(directory, {
    startParams: PGLITE_START_PARAMS,
    pgliteWasmModule: assets.pgliteWasmModule,
    initdbWasmModule: assets.initdbWasmModule,
    fsBundle: new Blob([assets.fsBundle]),
  });
  port.postMessage({ opened: true } satisfies PgliteAnswer);
} catch (error) {
  port.postMessage({ openFailed: errorShape(error) } satisfies PgliteAnswer);
  process.exit(1);
}
const unlisteners = new Map<string, () => Promise<void>>();

port.on('message', (request: PgliteRequest) => {
  void handle(request).then(
    (answer) => port.postMessage(answer),
    (error: unknown) => port.postMessage({ id: request.id, error: errorShape(error) }),
  );
});

async function handle(request: PgliteRequest): Promise<PgliteAnswer> {
  switch (request.op) {
    case 'query': {
      const result = await db.query<Record<string, unknown>>(request.text, request.params);
      return { id: request.id, rows: result.rows };
    }
    case 'script':
      await db.transaction(async (tx) => {
        await tx.exec(request.text);
      });
      return { id: request.id, done: true };
    case 'listen': {
      const channel = request.channel;
      unlisteners.set(
        channel,
        await db.listen(channel, () =>
          port?.postMessage({ notify: channel } satisfies PgliteAnswer),
        ),
      );
      return { id: request.id, done: true };
    }
    case 'unlisten':
      await unlisteners.get(request.channel)?.();
      unlisteners.delete(request.channel);
      return { id: request.id, done: true };
    case 'close':
      await db.close();
      return { id: request.id, done: true };
  }
}
