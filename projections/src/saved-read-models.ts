import type { EventStore } from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import { CHECKPOINTS_COLLECTION } from '@quitute/infra/projection-progress';
import { isMarkOf, markAt, savePeriodically, type PeriodicSaver } from '@quitute/infra/saved-state';
import {
  createMemoryReadStore,
  loadReadModels,
  saveReadModels,
  type MemoryReadStore,
  type ReadDocument,
} from '@quitute/infra/read-store';
import type { Projection } from './projection';

/** The file, in the data directory, the embedded shop keeps its read models in. */
export const READ_MODELS_FILE = 'read-models.jsonl';

/** How often the in-memory read models are saved while they change. */
export const READ_MODELS_SAVE_INTERVAL_MS = 60_000;

/** The collections a save keeps: every projection's, and the checkpoints (the relay's too). */
const keptCollections = (projections: readonly Projection[]): string[] => [
  CHECKPOINTS_COLLECTION,
  ...projections.map((projection) => projection.collection),
];

type LogReader = Pick<EventStore, 'readAll'>;

/**
 * The in-memory read models saved by the last run (embedded topology), if they
 * were built from this event log: the log must hold, at the highest saved
 * checkpoint, the very event the save recorded there. Otherwise (no file, a
 * damaged file, another log) an empty store. `unbuilt`: the projections the
 * caller builds from the log (all of them, or those the save did not have).
 */
export async function openSavedReadModels(options: {
  file: string;
  eventStore: LogReader;
  projections: readonly Projection[];
  logger: Logger;
}): Promise<{
  readStore: MemoryReadStore;
  unbuilt: readonly Projection[];
  /** readModelsVersion of what was loaded (undefined: nothing was), for keepReadModelsSaved. */
  savedVersion: string | undefined;
}> {
  const { file, eventStore, projections, logger } = options;
  const started = performance.now();
  const empty = () => ({
    readStore: createMemoryReadStore(),
    unbuilt: projections,
    savedVersion: undefined,
  });
  const saved = await loadReadModels(file, {
    collections: new Set(keptCollections(projections)),
  });
  if (saved.status === 'missing') return empty();
  if (saved.status === 'unreadable') {
    logger.warn(
      { file, reason: saved.reason },
      'saved read models unreadable: built from the event log',
    );
    return empty();
  }
  const { mark } = saved;
  if (!(await isMarkOf(eventStore, mark))) {
    await saved.store.close();
    logger.warn(
      { file, position: mark.position },
      'saved read models were built from another event log: built from this one',
    );
    return empty();
  }
  logger.info(
    {
      documents: saved.documents,
      position: mark.position,
      savedAt: saved.savedAt,
      seconds: Number(((performance.now() - started) / 1_000).toFixed(2)),
    },
    'read models loaded from their last save',
  );
  // A projection added since the save has no checkpoint in it: it is built from the log.
  const checkpoints = saved.store.collection(CHECKPOINTS_COLLECTION);
  const unbuilt: Projection[] = [];
  for (const projection of projections) {
    if (!(await checkpoints.get(projection.name))) unbuilt.push(projection);
  }
  return { readStore: saved.store, unbuilt, savedVersion: readModelsVersion(saved.store) };
}

/** Where the read models stand: each projection's checkpoint (it moves with every change). */
export function readModelsVersion(readStore: MemoryReadStore): string {
  return JSON.stringify(
    [...readStore.storedDocuments(CHECKPOINTS_COLLECTION)].map((document) => [
      document._id,
      checkpointPosition(document),
    ]),
  );
}

/**
 * Saves the in-memory read models to `file` now: the checkpoints as they are at
 * the call, then the documents (see saveReadModels). Returns what it wrote and
 * the highest checkpoint saved.
 */
export async function saveReadModelsNow(options: {
  file: string;
  readStore: MemoryReadStore;
  eventStore: LogReader;
  projections: readonly Projection[];
}): Promise<{ documents: number; bytes: number; position: number }> {
  const { readStore, eventStore } = options;
  // The stored checkpoints as they are now (put replaces them, so this copy stays as it is).
  const checkpoints = [...readStore.storedDocuments(CHECKPOINTS_COLLECTION)];
  const position = Math.max(0, ...checkpoints.map(checkpointPosition));
  const mark = await markAt(eventStore, position);
  const written = await saveReadModels(readStore, {
    file: options.file,
    first: { collection: CHECKPOINTS_COLLECTION, documents: checkpoints },
    collections: keptCollections(options.projections),
    mark,
  });
  return { ...written, position };
}

const checkpointPosition = (document: ReadDocument): number =>
  typeof document['position'] === 'number' ? document['position'] : 0;

/**
 * Saves the in-memory read models to `file` every `intervalMs` while their
 * checkpoints move, and on close: a restart then catches up from there. A
 * failed save is logged and tried again at the next tick; the shop goes on.
 */
export function keepReadModelsSaved(options: {
  file: string;
  readStore: MemoryReadStore;
  eventStore: LogReader;
  projections: readonly Projection[];
  logger: Logger;
  intervalMs?: number;
  /** The version the file holds (openSavedReadModels' savedVersion). */
  savedVersion?: string | undefined;
}): PeriodicSaver {
  const { file, readStore, logger } = options;
  return savePeriodically({
    version: () => readModelsVersion(readStore),
    savedVersion: options.savedVersion,
    save: async () => {
      const started = performance.now();
      const written = await saveReadModelsNow(options);
      logger.debug(
        { ...written, seconds: Number(((performance.now() - started) / 1_000).toFixed(2)) },
        'read models saved',
      );
    },
    intervalMs: options.intervalMs ?? READ_MODELS_SAVE_INTERVAL_MS,
    onError: (error) =>
      logger.warn({ err: error, file }, 'read models could not be saved; tried again later'),
  });
}
