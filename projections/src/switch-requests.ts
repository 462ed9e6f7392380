import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { EventStore } from '@quitute/infra/event-store';
import type { Lease, LeaseHandle } from '@quitute/infra/lease';
import { CHECKPOINTS_COLLECTION, readCheckpoint } from '@quitute/infra/projection-progress';
import type { ReadStore } from '@quitute/infra/read-store';
import type { SwitchOver } from './rebuild';

/**
 * A rebuild made outside the projections service (`npm run projections --
 * rebuild` on the distributed stores) hands its switch to the single writer:
 * it builds the scratch collections up to `position` and records a request; the
 * runner holding the projections lease sees it between batches, catches the
 * scratch collections up from `position` to what it has applied itself, swaps
 * them in and sets the checkpoints, then goes on. The runner alone writes the
 * live collections, so nothing it applied meanwhile is lost (swapping at
 * `position` would drop every event between it and the runner's own position:
 * the runner skips them, and the `_position` guard forbids rewinding).
 * Kept in the checkpoints collection (every read store has it), under ids that
 * name no projection and without the `collection` field a checkpoint lists.
 */
const REQUEST_PREFIX = 'switch-request:';

const switchRequestSchema = z.object({
  _id: z.string().startsWith(REQUEST_PREFIX),
  switchRequest: z.object({
    projections: z.array(z.string()).min(1),
    /** The scratch collections hold the log up to here. */
    position: z.number(),
    requestedAt: z.string(),
    /** pending → switching (the runner started replacing) → switched, or failed. */
    state: z.enum(['pending', 'switching', 'switched', 'failed']),
    /** The checkpoint set by the switch. */
    switchedAt: z.number().optional(),
    error: z.string().optional(),
  }),
});

export type SwitchRequest = z.infer<typeof switchRequestSchema>;

/** The requests waiting for the runner (any process can read them). */
export async function pendingSwitchRequests(readStore: ReadStore): Promise<SwitchRequest[]> {
  // A top-level $exists only: every read store's query language has it; requests are few.
  const documents = await readStore
    .collection(CHECKPOINTS_COLLECTION)
    .find({ switchRequest: { $exists: true } });
  return documents.flatMap((document) => {
    const parsed = switchRequestSchema.safeParse(document);
    return parsed.success && parsed.data.switchRequest.state === 'pending' ? [parsed.data] : [];
  });
}

/** Records how a request went, for the rebuild that waits on it. */
export async function answerSwitchRequest(
  readStore: ReadStore,
  request: SwitchRequest,
  answer:
    | { state: 'switching' }
    | { state: 'switched'; switchedAt: number }
    | { state: 'failed'; error: string },
): Promise<void> {
  await readStore
    .collection(CHECKPOINTS_COLLECTION)
    .put({ _id: request._id, switchRequest: { ...request.switchRequest, ...answer } });
}

/** The switch could not be made; the live collections are as they were unless said otherwise. */
export class SwitchFailedError extends Error {
  override readonly name = 'SwitchFailedError';
}

export interface SwitchThroughLeaseOptions {
  readStore: ReadStore;
  eventStore: Pick<EventStore, 'settledPosition'>;
  /** The projections service's lease ('projections'). */
  lease: Lease;
  /** How often the request is looked at and the lease tried (default 1 s). */
  pollMs?: number;
  /** How long each try for the lease waits (default 1.5 s). */
  acquireWaitMs?: number;
  /** As the lease holder's: a holder that lost the lease may still have a write on the way (default 2 s). */
  handoverMs?: number;
  /** Gives up (and withdraws the request) after this long without a switch (default 10 min). */
  timeoutMs?: number;
  /** Told once the request waits for the running service. */
  onWaiting?: () => void;
}

/**
 * The switch of a rebuild made beside a running projections service: a request
 * the lease-holding runner answers (see above). When no runner holds the lease
 * (the service is down), this process takes the lease and switches itself:
 * its builds catch up to the highest stored checkpoint of the projections (what
 * a runner applied to the live collections before it stopped) or further, with
 * nobody else writing meanwhile.
 */
export function switchThroughLease(options: SwitchThroughLeaseOptions): SwitchOver {
  const { readStore, eventStore, lease } = options;
  const pollMs = options.pollMs ?? 1_000;
  const checkpoints = readStore.collection(CHECKPOINTS_COLLECTION);
  return async (tail, built) => {
    const names = built.projections.map((projection) => projection.name);
    const id = `${REQUEST_PREFIX}${randomUUID()}`;
    const request: SwitchRequest = {
      _id: id,
      switchRequest: {
        projections: names,
        position: built.position,
        requestedAt: new Date().toISOString(),
        state: 'pending',
      },
    };
    await checkpoints.put(request);
    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    let told = false;
    try {
      for (;;) {
        const answered = await answerOf(readStore, id);
        if (typeof answered === 'number') return answered;
        const handle = await tryAcquire(lease, options.acquireWaitMs ?? 1_500);
        if (handle) {
          try {
            await sleep(options.handoverMs ?? 2_000);
            // The runner may have answered just before it let the lease go.
            const again = await answerOf(readStore, id);
            if (typeof again === 'number') return again;
            if (again === 'switching') {
              // Its runner died mid-switch: the next holder resumes from the stored
              // checkpoint, so the live collection is whole, but which version it holds
              // (old or rebuilt) only a new rebuild settles; its scratch may be gone.
              throw new SwitchFailedError(
                'O serviço de projeções parou no meio da troca; rode a reconstrução de novo.',
              );
            }
            const stored = await Promise.all(names.map((name) => readCheckpoint(readStore, name)));
            return await tail(Math.max(await eventStore.settledPosition(), ...stored));
          } finally {
            await handle.release();
          }
        }
        if (!told) {
          told = true;
          options.onWaiting?.();
        }
        if (answered === 'pending' && Date.now() >= deadline) {
          throw new SwitchFailedError(
            'O serviço de projeções não trocou a coleção a tempo; a coleção em uso não mudou.',
          );
        }
        await sleep(pollMs);
      }
    } finally {
      await checkpoints.delete(id);
    }
  };
}

/** Not answered yet, being switched, the checkpoint a runner switched at, or a SwitchFailedError. */
async function answerOf(
  readStore: ReadStore,
  id: string,
): Promise<number | 'pending' | 'switching'> {
  const document = await readStore.collection(CHECKPOINTS_COLLECTION).get(id);
  const parsed = switchRequestSchema.safeParse(document);
  if (!parsed.success) {
    throw new SwitchFailedError('O pedido de troca sumiu; rode a reconstrução de novo.');
  }
  const { state, switchedAt, error } = parsed.data.switchRequest;
  switch (state) {
    case 'pending':
      return 'pending';
    case 'switched':
      return switchedAt ?? parsed.data.switchRequest.position;
    case 'failed':
      throw new SwitchFailedError(
        `O serviço de projeções não trocou a coleção: ${error ?? 'erro desconhecido'}. A coleção em uso não mudou.`,
      );
    case 'switching':
      return 'switching';
    default:
      return state satisfies never;
  }
}

async function tryAcquire(lease: Lease, waitMs: number): Promise<LeaseHandle | undefined> {
  try {
    return await lease.acquire(AbortSignal.timeout(waitMs));
  } catch {
    return undefined;
  }
}
