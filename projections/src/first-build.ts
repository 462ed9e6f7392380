import type { EventStore, FoldsPassedPages } from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import type { ReadStore } from '@quitute/infra/read-store';
import type { Projection } from './projection';
import { RebuildFailedError, rebuildProjections } from './rebuild';

/**
 * Builds empty read models from the whole log before the runner starts: the
 * embedded shop's in-memory read store is empty at every start, and the
 * rebuild's one pass in memory is several times faster than the runner's
 * batches through the read store. The checkpoints it writes tell the runner to
 * go on from the head. If a projection throws, nothing is switched and the
 * runner builds them its own way instead: it stops the failing projection at
 * that event and reports it, and keeps the others going.
 */
export async function buildReadModelsFirst(options: {
  eventStore: Pick<EventStore, 'readAll' | 'settledPosition'>;
  readStore: ReadStore;
  projections: readonly Projection[];
  logger: Logger;
  /** Folds of the log handed each page of the pass too (see rebuildProjections). */
  folds?: readonly FoldsPassedPages[];
}): Promise<void> {
  const { logger } = options;
  const started = performance.now();
  try {
    const [result] = await rebuildProjections(options);
    const seconds = (performance.now() - started) / 1_000;
    logger.info(
      {
        events: result?.events ?? 0,
        seconds: Number(seconds.toFixed(2)),
        eventsPerSecond: Math.round((result?.events ?? 0) / Math.max(seconds, 0.001)),
      },
      'read models built from the event log',
    );
  } catch (error) {
    if (!(error instanceof RebuildFailedError)) throw error;
    logger.warn(
      { err: error },
      'a projection failed while the read models were built at start; the runner builds them instead',
    );
  }
}
