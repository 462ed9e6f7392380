import path from 'node:path';
import { z } from 'zod';
import { projectionsStatusSchema, type ProjectionsStatus } from '@quitute/contracts';
import { createEventStore, type EventStore } from '@quitute/infra/event-store';
import { createLease, type Lease } from '@quitute/infra/lease';
import { silentLogger, type Logger } from '@quitute/infra/logging';
import { readProjectionsStatus } from '@quitute/infra/projection-progress';
import { createReadStore, type ReadStore } from '@quitute/infra/read-store';
import type { Projection } from '../projection';
import { rebuildProjections, type OnProgress, type RebuildResult } from '../rebuild';
import { projections as registry } from '../registry';
import { ProjectionRunner } from '../runner';
import { openSavedReadModels, READ_MODELS_FILE, saveReadModelsNow } from '../saved-read-models';
import { switchThroughLease } from '../switch-requests';
import { verifyProjection, type VerifyResult } from '../verify';

/** Where `npm run projections` acts: a stopped shop's stores, the stores of the distributed topology, or a running shop's admin API. */
export interface ProjectionsTarget {
  /** Said on stderr before the command runs, in pt-BR. */
  description: string;
  list(): Promise<{ name: string; collection: string }[]>;
  status(): Promise<ProjectionsStatus>;
  /** Every projection when `names` is 'all', in one pass over the log. */
  rebuild(names: readonly string[] | 'all', onProgress: OnProgress): Promise<RebuildResult[]>;
  verify(name: string, onProgress: OnProgress): Promise<VerifyResult>;
  close(): Promise<void>;
}

/** A message for the person at the terminal (pt-BR), printed without a stack trace. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

function projectionsNamed(names: readonly string[] | 'all'): Projection[] {
  if (names === 'all') return [...registry];
  return names.map((name) => {
    const projection = registry.find((candidate) => candidate.name === name);
    if (!projection) {
      throw new CliError(
        `Projeção desconhecida: ${name}. Veja as projeções com "npm run projections -- list".`,
      );
    }
    return projection;
  });
}

/** An embedded shop's data directory is locked while the shop runs (see pglite-client.ts). */
export function isLockedByRunningShop(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Another Quitute process is using');
}

/**
 * The stores opened by this process. With MONGO_URL the read models persist in
 * MongoDB and are rebuilt and compared there directly (the distributed
 * topology, or an embedded shop on MongoDB). Without it the read models of an
 * embedded shop live in its memory: they are first built from the log as the
 * shop builds them at start, by a ProjectionRunner, and the command then acts
 * on them through that runner.
 */
export async function openStores(config: {
  dataDir: string;
  eventStoreUrl?: string;
  mongoUrl?: string;
  /** Read models as JSONB documents on a PostgreSQL server (READ_STORE_URL), when MONGO_URL is unset. */
  readStoreUrl?: string;
  /** Where the event store warns (a PostgreSQL server's long wait for a settled position). */
  logger?: Logger;
}): Promise<ProjectionsTarget> {
  const eventStore = await createEventStore({
    dataDir: config.dataDir,
    ...(config.eventStoreUrl ? { url: config.eventStoreUrl } : {}),
    ...(config.logger ? { logger: config.logger } : {}),
  });
  const where = config.eventStoreUrl
    ? 'o event store de EVENTSTORE_URL'
    : `o PGlite em ${config.dataDir} (loja parada)`;
  if (config.mongoUrl || config.readStoreUrl) {
    let readStore: ReadStore;
    try {
      readStore = await createReadStore({
        ...(config.mongoUrl ? { mongoUrl: config.mongoUrl } : {}),
        ...(config.readStoreUrl ? { postgresUrl: config.readStoreUrl } : {}),
      });
    } catch (error) {
      await eventStore.close();
      throw error;
    }
    // The projections service's lease: its holder alone switches a rebuilt collection in.
    const lease = await createLease({
      name: 'projections',
      eventStoreUrl: config.eventStoreUrl,
      mongoUrl: config.mongoUrl,
      readStoreUrl: config.readStoreUrl,
      ...(config.logger ? { logger: config.logger } : {}),
    });
    const readModels = config.mongoUrl
      ? 'o MongoDB de MONGO_URL'
      : 'o PostgreSQL de READ_STORE_URL';
    return storesTarget(eventStore, readStore, `${where} e ${readModels}`, lease);
  }
  const file = path.join(config.dataDir, READ_MODELS_FILE);
  const { readStore } = await openSavedReadModels({
    file,
    eventStore,
    projections: registry,
    logger: silentLogger,
  });
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: registry,
    logger: silentLogger,
  });
  return runnerTarget(
    eventStore,
    readStore,
    runner,
    `${where}; modelos de leitura em memória, carregados do último salvamento da loja e atualizados pelo log, como a loja faz ao iniciar`,
    () => saveReadModelsNow({ file, readStore, eventStore, projections: registry }),
  );
}

const list = async () => registry.map(({ name, collection }) => ({ name, collection }));

/**
 * Acts on the stores directly. With the projections service's `lease` (the
 * distributed stores), a rebuild's switch goes through the runner holding it,
 * or through this process holding it when no runner does (switch-requests.ts);
 * without it (a stopped embedded shop) nothing else writes the read models.
 */
export function storesTarget(
  eventStore: EventStore,
  readStore: ReadStore,
  description: string,
  lease?: Lease,
  switchOptions: { pollMs?: number; acquireWaitMs?: number; handoverMs?: number } = {},
): ProjectionsTarget {
  return {
    description,
    list,
    status: () =>
      readProjectionsStatus({
        readStore,
        eventStore,
        projectionNames: registry.map((projection) => projection.name),
        now: () => new Date(),
      }),
    rebuild: (names, onProgress) =>
      rebuildProjections({
        eventStore,
        readStore,
        projections: projectionsNamed(names),
        onProgress,
        ...(lease
          ? {
              switchOver: switchThroughLease({
                readStore,
                eventStore,
                lease,
                ...switchOptions,
                onWaiting: () =>
                  console.error(
                    'Coleção reconstruída; aguardando o serviço de projeções (que detém o lease) trocá-la.',
                  ),
              }),
            }
          : {}),
      }),
    verify: (name, onProgress) =>
      verifyProjection({
        eventStore,
        readStore,
        projection: projectionsNamed([name])[0] ?? registry[0] ?? unreachable(),
        onProgress,
      }),
    close: async () => {
      await lease?.close();
      await readStore.close();
      await eventStore.close();
    },
  };
}

/**
 * A stopped embedded shop: its read models, loaded from the shop's last save,
 * are brought up to the log by a runner, as the shop does at start, when a
 * command needs them (status, verify); a rebuild needs none and starts from the
 * log at once, and is saved for the shop's next start (`save`).
 */
function runnerTarget(
  eventStore: EventStore,
  readStore: ReadStore,
  runner: ProjectionRunner,
  description: string,
  save: () => Promise<unknown>,
): ProjectionsTarget {
  const stores = storesTarget(eventStore, readStore, description);
  let started: Promise<void> | undefined;
  const start = () => (started ??= runner.start());
  return {
    ...stores,
    rebuild: async (names, onProgress) => {
      const results = await stores.rebuild(names, onProgress);
      await save();
      return results;
    },
    status: async () => {
      await start();
      return stores.status();
    },
    verify: async (name, onProgress) => {
      projectionsNamed([name]);
      await start();
      return runner.verify(name, onProgress);
    },
    close: async () => {
      if (started) await runner.stop();
      await readStore.close();
      await eventStore.close();
    },
  };
}

function unreachable(): never {
  throw new Error('no projection');
}

const progressSchema = z.object({
  projection: z.string(),
  phase: z.enum(['reading', 'writing', 'switching', 'comparing']),
  events: z.number(),
  position: z.number(),
  head: z.number(),
  elapsedMs: z.number(),
});
const rebuildResultSchema = z.object({
  projection: z.string(),
  collection: z.string(),
  events: z.number(),
  documents: z.number(),
  position: z.number(),
  elapsedMs: z.number(),
});
const verifyResultSchema = z.object({
  projection: z.string(),
  collection: z.string(),
  position: z.number(),
  documents: z.number(),
  differences: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['missing', 'extra', 'different']),
      fields: z.array(z.string()),
    }),
  ),
  elapsedMs: z.number(),
});
const lineSchema = z.union([
  z.object({ progress: progressSchema }),
  z.object({ result: z.unknown() }),
  z.object({ error: z.object({ message: z.string() }) }),
]);

/** A running embedded shop, through its admin API (its data directory is locked, its read models in its memory). */
export function shopTarget(shopUrl: string, token: string): ProjectionsTarget {
  const base = shopUrl.replace(/\/+$/, '');
  const request = async (method: 'GET' | 'POST', path: string): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
      });
    } catch (error) {
      throw new CliError(
        `A loja não respondeu em ${base} (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    if (response.ok) return response;
    const body: unknown = await response.json().catch(() => null);
    const message = z.object({ message: z.string() }).safeParse(body);
    throw new CliError(
      `${method} ${path}: ${response.status} ${message.success ? message.data.message : response.statusText}`,
    );
  };
  const streamed = async <T>(
    path: string,
    schema: z.ZodType<T>,
    onProgress: OnProgress,
  ): Promise<T> => {
    const response = await request('POST', path);
    if (!response.body) throw new CliError('A loja respondeu sem corpo.');
    const decoder = new TextDecoder();
    let buffered = '';
    let result: T | undefined;
    const handle = (text: string) => {
      if (text.trim() === '') return;
      const line = lineSchema.parse(JSON.parse(text));
      if ('progress' in line) onProgress(line.progress);
      else if ('error' in line) throw new CliError(line.error.message);
      else result = schema.parse(line.result);
    };
    const reader = response.body.getReader();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      buffered += decoder.decode(chunk.value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        handle(buffered.slice(0, newline));
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf('\n');
      }
    }
    handle(buffered + decoder.decode());
    if (result === undefined) throw new CliError('A loja encerrou a resposta antes do resultado.');
    return result;
  };
  const status = async () =>
    projectionsStatusSchema.parse(await (await request('GET', '/api/admin/projections')).json());
  return {
    description: `a loja em execução em ${base} (pela API de administração)`,
    list: async () =>
      (await status()).projections.map(({ name, collection }) => ({ name, collection })),
    status,
    rebuild: async (names, onProgress) => {
      if (names === 'all') {
        return streamed('/api/admin/projections/rebuild', z.array(rebuildResultSchema), onProgress);
      }
      const results: RebuildResult[] = [];
      for (const name of names) {
        const path = `/api/admin/projections/${encodeURIComponent(name)}/rebuild`;
        results.push(...(await streamed(path, z.array(rebuildResultSchema), onProgress)));
      }
      return results;
    },
    verify: (name, onProgress) =>
      streamed(
        `/api/admin/projections/${encodeURIComponent(name)}/verify`,
        verifyResultSchema,
        onProgress,
      ),
    close: async () => {},
  };
}
