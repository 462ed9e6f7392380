import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import type { CommandStores } from './handle-command';

/** `eventStore` with in-memory snapshots beside it, for a test. */
export function withMemorySnapshots(eventStore: EventStore): CommandStores {
  return { eventStore, snapshotStore: createMemorySnapshotStore(), logger: silentLogger };
}

/** Fresh in-memory events and snapshots for a test. */
export function createMemoryCommandStores(): CommandStores {
  return withMemorySnapshots(createMemoryEventStore());
}
