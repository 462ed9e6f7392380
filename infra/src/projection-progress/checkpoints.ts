import type { ReadStore } from '../read-store/port';

/**
 * Where projections record how far they have applied the event log, and how a
 * reader in another process waits for them (read-your-writes, ARCHITECTURE §4).
 */
export const CHECKPOINTS_COLLECTION = 'projection_checkpoints';

export interface CheckpointDocument {
  _id: string;
  position: number;
  [key: string]: unknown;
}

/** The event a projection stopped at (its handler threw): it stays before it until fixed. */
export interface ProjectionError {
  position: number;
  eventType: string;
  message: string;
}

/**
 * What a projection's checkpoint says beside its position, so another process
 * (query-api's GET /api/admin/projections) can report on it from the read store
 * alone: which collection and events it has, the event it stopped at, and
 * whether a rebuild is running.
 */
export interface ProjectionCheckpointDetails {
  collection: string;
  eventTypes: readonly string[];
  error: ProjectionError | null;
  rebuilding: boolean;
}

export interface ProjectionCheckpoint extends ProjectionCheckpointDetails {
  name: string;
  position: number;
}

export async function readCheckpoint(readStore: ReadStore, name: string): Promise<number> {
  return checkpointReader(readStore, name)();
}

/** Reads one projection's checkpoint, again and again (e.g. once per request): 0 before the first. */
export function checkpointReader(readStore: ReadStore, name: string): () => Promise<number> {
  const checkpoints = readStore.collection(CHECKPOINTS_COLLECTION);
  return async () => {
    const document = await checkpoints.get(name);
    const position = document?.['position'];
    return typeof position === 'number' ? position : 0;
  };
}

export async function writeCheckpoint(
  readStore: ReadStore,
  name: string,
  position: number,
  details?: ProjectionCheckpointDetails,
): Promise<void> {
  const document: CheckpointDocument = {
    _id: name,
    position,
    ...(details
      ? {
          collection: details.collection,
          eventTypes: [...details.eventTypes],
          error: details.error,
          rebuilding: details.rebuilding,
        }
      : {}),
  };
  await readStore.collection(CHECKPOINTS_COLLECTION).put(document);
}

/** Every projection's checkpoint written with its details (other checkpoints, e.g. the relay's, are left out), by name. */
export async function readProjectionCheckpoints(
  readStore: ReadStore,
): Promise<ProjectionCheckpoint[]> {
  const documents = await readStore
    .collection(CHECKPOINTS_COLLECTION)
    .find({ collection: { $exists: true } }, { sort: { _id: 1 } });
  return documents.flatMap((document) => {
    const parsed = projectionCheckpoint(document);
    return parsed ? [parsed] : [];
  });
}

function projectionCheckpoint(document: CheckpointDocument | Record<string, unknown>) {
  const { _id, position, collection, eventTypes, error, rebuilding } = document;
  if (typeof _id !== 'string' || typeof position !== 'number') return null;
  if (typeof collection !== 'string' || !Array.isArray(eventTypes)) return null;
  const checkpoint: ProjectionCheckpoint = {
    name: _id,
    position,
    collection,
    eventTypes: eventTypes.filter((type): type is string => typeof type === 'string'),
    error: isProjectionError(error) ? error : null,
    rebuilding: rebuilding === true,
  };
  return checkpoint;
}

function isProjectionError(value: unknown): value is ProjectionError {
  if (typeof value !== 'object' || value === null) return false;
  const { position, eventType, message } = value as Record<string, unknown>;
  return (
    typeof position === 'number' && typeof eventType === 'string' && typeof message === 'string'
  );
}

/**
 * Resolves true once every named projection still running has reached `position`,
 * false after `timeoutMs`. A projection stopped on an event (its checkpoint records
 * the error) is left out, as the runner's own `position` leaves it out: it will not
 * move until fixed, and every read would otherwise wait out its timeout.
 */
export type WaitForPosition = (position: number, timeoutMs: number) => Promise<boolean>;

/** For a reader in another process than the projections: polls their checkpoints. */
export function pollCheckpoints(
  readStore: ReadStore,
  names: readonly string[],
  intervalMs = 25,
): WaitForPosition {
  const checkpoints = readStore.collection(CHECKPOINTS_COLLECTION);
  const reachedOrStopped = async (name: string, position: number): Promise<boolean> => {
    const document = await checkpoints.get(name);
    if (isProjectionError(document?.['error'])) return true;
    const reached = document?.['position'];
    return typeof reached === 'number' && reached >= position;
  };
  return async (position, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reached = await Promise.all(names.map((name) => reachedOrStopped(name, position)));
      if (reached.every(Boolean)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  };
}

/**
 * What /health answers about the read models: ok; degraded (still serving, but
 * behind or partly stopped, with the reason); failed (no longer kept up to date).
 */
export type HealthReport = { status: 'ok' } | { status: 'degraded' | 'failed'; reason: string };

/** The worst of several reports (failed, then degraded, then ok), with every reason that is not ok. */
export function combineHealth(...reports: readonly HealthReport[]): HealthReport {
  const reasons = reports.flatMap((report) => (report.status === 'ok' ? [] : [report.reason]));
  if (reasons.length === 0) return { status: 'ok' };
  const failed = reports.some((report) => report.status === 'failed');
  return { status: failed ? 'failed' : 'degraded', reason: reasons.join('; ') };
}

/**
 * Degraded is still 200: the process serves (read models a little stale, or one
 * projection stopped), and a load balancer that dropped it would turn a partial
 * problem into an outage, the more so since a store outage degrades every instance
 * at once. Only failed (nothing will catch up without a restart) is 503.
 */
export function healthStatusCode(report: HealthReport): 200 | 503 {
  return report.status === 'failed' ? 503 : 200;
}
