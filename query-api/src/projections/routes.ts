import { Router, type Response } from 'express';
import { z } from 'zod';
import type { EventStore } from '@quitute/infra/event-store';
import {
  authenticate,
  requireRole,
  type SessionVersionLookup,
  type TokenVerifier,
} from '@quitute/infra/auth';
import { conflict, notFound, validationError } from '@quitute/infra/errors';
import type { Logger } from '@quitute/infra/logging';
import { readProjectionsStatus } from '@quitute/infra/projection-progress';
import type { ReadStore } from '@quitute/infra/read-store';

/**
 * GET /api/admin/projections (issue 13): each projection's checkpoint, events
 * and seconds behind the log and last error, from the checkpoints the runner
 * writes and a bounded read of the log (STATUS_SCAN_LIMIT events per distinct
 * checkpoint). Behind the router's one /api/admin guard (app.ts).
 */
export function projectionsStatusRoutes(deps: {
  readStore: ReadStore;
  eventStore: Pick<EventStore, 'headPosition' | 'readAll'>;
  /** The projections the shop runs (a retired one's checkpoint is not listed). */
  projectionNames: readonly string[];
  now: () => Date;
}): Router {
  const router = Router();
  router.get('/api/admin/projections', async (_req, res) => {
    // Like every admin read: an operator's live view, never served from a cache.
    res.set('Cache-Control', 'private, no-store').json(await readProjectionsStatus(deps));
  });
  return router;
}

/** What the process running the projections offers the admin routes (ProjectionRunner has it). */
export interface ProjectionOperations {
  readonly projectionNames: readonly string[];
  /** A rebuild or a verification of it is running. */
  isBusy(name: string): boolean;
  rebuild(names: readonly string[], onProgress: (progress: unknown) => void): Promise<unknown>;
  verify(name: string, onProgress: (progress: unknown) => void): Promise<unknown>;
}

const nameSchema = z.string().regex(/^[a-z0-9_]{1,80}$/);

/** Progress lines at most this often: a rebuild reads 5,000 events per page. */
const PROGRESS_EVERY_MS = 200;

/**
 * POST /api/admin/projections/{name}/rebuild and /verify, mounted where the
 * runner lives (the embedded shop: its projections run in-process, and a
 * rebuild must pause that runner to switch). Admin only, with the same guard as
 * every admin route. The answer is NDJSON, one JSON object a line: progress
 * lines (`{ "progress": … }`) while it works, then `{ "result": … }` or
 * `{ "error": { "message" } }` (the status line was sent before the work ended).
 */
export function projectionOperationRoutes(deps: {
  operations: ProjectionOperations;
  tokens: TokenVerifier;
  sessionVersions: SessionVersionLookup;
  logger: Logger;
}): Router {
  const { operations } = deps;
  const router = Router();
  const guard = [authenticate(deps.tokens, deps.sessionVersions), requireRole('admin')];
  const refuseBusy = (names: readonly string[]) => {
    if (names.some((name) => operations.isBusy(name))) {
      throw conflict('Já há uma reconstrução ou verificação desta projeção em andamento.');
    }
  };
  // Every projection in one pass over the log (`projections rebuild --all`).
  router.post('/api/admin/projections/rebuild', ...guard, async (_req, res) => {
    const names = operations.projectionNames;
    refuseBusy(names);
    await streamOperation(res, (onProgress) => operations.rebuild(names, onProgress), deps);
  });
  router.post('/api/admin/projections/:name/:operation', ...guard, async (req, res) => {
    const name = nameSchema.safeParse(req.params['name']);
    const operation = z.enum(['rebuild', 'verify']).safeParse(req.params['operation']);
    if (!operation.success) throw notFound('Operação desconhecida.');
    if (!name.success) throw validationError('Nome de projeção inválido.');
    if (!operations.projectionNames.includes(name.data)) {
      throw notFound('Projeção não encontrada.');
    }
    refuseBusy([name.data]);
    const work =
      operation.data === 'rebuild'
        ? (onProgress: (progress: unknown) => void) => operations.rebuild([name.data], onProgress)
        : (onProgress: (progress: unknown) => void) => operations.verify(name.data, onProgress);
    await streamOperation(res, work, deps);
  });
  return router;
}

/** A RebuildFailedError of @quitute/projections: the event a projection's handler threw on. */
const rebuildFailure = z.object({
  name: z.literal('RebuildFailedError'),
  projection: z.string(),
  eventType: z.string(),
  position: z.number(),
});

async function streamOperation(
  res: Response,
  work: (onProgress: (progress: unknown) => void) => Promise<unknown>,
  deps: { logger: Logger },
): Promise<void> {
  res.status(200).type('application/x-ndjson');
  res.setHeader('cache-control', 'no-store');
  const line = (value: unknown) => res.write(`${JSON.stringify(value)}\n`);
  let lastProgress = 0;
  let lastPhase: unknown;
  try {
    const result = await work((progress) => {
      const now = Date.now();
      // Throttled within a phase; a new phase (reading, writing, switching…) always shows.
      const phase =
        typeof progress === 'object' && progress ? Reflect.get(progress, 'phase') : null;
      if (now - lastProgress < PROGRESS_EVERY_MS && phase === lastPhase) return;
      lastProgress = now;
      lastPhase = phase;
      line({ progress });
    });
    line({ result });
  } catch (error) {
    deps.logger.error({ err: error }, 'projection operation failed');
    const failed = rebuildFailure.safeParse(error);
    const message = failed.success
      ? `A projeção ${failed.data.projection} falhou no evento ${failed.data.eventType} (posição ${failed.data.position}); a coleção em uso não mudou.`
      : 'A operação falhou; veja o log do servidor.';
    line({ error: { message } });
  }
  res.end();
}
