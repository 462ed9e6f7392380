import { describeWithPostgres, throwawaySchema } from '../testing';
import { snapshotStoreContract } from './contract';
import { createPostgresStores } from './sql-stores';

await describeWithPostgres('SnapshotStore on a PostgreSQL server', (url) => {
  snapshotStoreContract('PostgreSQL server', async () => {
    const { schema, drop } = throwawaySchema(url);
    const { eventStore, snapshotStore } = await createPostgresStores({ url, schema });
    return {
      store: snapshotStore,
      cleanup: async () => {
        await eventStore.close();
        await drop();
      },
    };
  });
});
