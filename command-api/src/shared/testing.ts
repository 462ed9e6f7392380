import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import type { CommandStores } from './load-aggregate';

/** Fresh in-memory events and snapshots for a test. */
export function createMemoryCommandStores(): CommandStores {
  return {
    eventStore: createMemoryEventStore(),
    snapshotStore: createMemorySnapshotStore(),
    logger: silentLogger,
  };
}
