import { snapshotStoreContract } from './contract';
import { createMemorySnapshotStore } from './memory';

snapshotStoreContract('memory', async () => ({
  store: createMemorySnapshotStore(),
  cleanup: async () => {},
}));
