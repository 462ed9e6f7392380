import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preparedPgliteDirectory } from '../testing/pglite-template';
import { scratchDirectory } from '../testing/scratch';
import { snapshotStoreContract } from './contract';
import { createStores } from './index';
import { createPgliteStores } from './sql-stores';

snapshotStoreContract('PGlite', async () => {
  const { eventStore, snapshotStore } = await createPgliteStores();
  return { store: snapshotStore, cleanup: () => eventStore.close() };
});

describe('PGlite snapshots persisted in a directory', () => {
  it('given a data directory, when createStores writes a snapshot and the stores are reopened, then it is still there', async () => {
    const dataDir = await scratchDirectory('quitute-snapshots');
    await preparedPgliteDirectory(join(dataDir, 'eventstore'));
    try {
      const first = await createStores({ dataDir });
      await first.snapshotStore.write('user-1', {
        version: 'user-1',
        revision: 3,
        position: 4,
        state: { status: 'absent' },
      });
      await first.snapshotStore.close();
      await first.eventStore.close();

      const second = await createStores({ dataDir });
      expect(await second.snapshotStore.read('user-1')).toEqual({
        version: 'user-1',
        revision: 3,
        position: 4,
        state: { status: 'absent' },
      });
      await second.eventStore.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
