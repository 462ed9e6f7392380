import { describeWithPostgres, throwawaySchema } from '../testing';
import { readStoreContract } from './contract';
import { createPostgresReadStore } from './postgres';

await describeWithPostgres('ReadStore on a PostgreSQL server', (url) => {
  readStoreContract('postgres', async () => {
    // A schema of its own per test, dropped afterwards, so runs never share tables.
    const { schema, drop } = throwawaySchema(url);
    const store = await createPostgresReadStore({ url, schema, poolSize: 4 });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await drop();
      },
    };
  });
});
