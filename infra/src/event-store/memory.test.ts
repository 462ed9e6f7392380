import { eventStoreContract } from './contract';
import { createMemoryEventStore } from './memory';

eventStoreContract('memory', async () => {
  const store = createMemoryEventStore();
  return { store, cleanup: () => store.close() };
});
