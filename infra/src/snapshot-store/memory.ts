import { copyJson } from '../read-store/copy';
import { replaces, type Snapshot, type SnapshotStore } from './port';

/** Snapshots in a Map, copied in and out so a caller mutating a state cannot change the stored one. */
export function createMemorySnapshotStore(): SnapshotStore {
  const snapshots = new Map<string, Snapshot>();
  return {
    async read(streamName) {
      const stored = snapshots.get(streamName);
      return stored ? copyJson(stored) : null;
    },
    async write(streamName, snapshot) {
      if (replaces(snapshot, snapshots.get(streamName) ?? null)) {
        snapshots.set(streamName, copyJson(snapshot));
      }
    },
    async close() {},
  };
}
