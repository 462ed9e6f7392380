import { leaseContract } from './contract';
import { createMemoryLease } from './memory';

leaseContract('memory (one process)', async () => {
  // One process, one lease object: its callers contend with each other.
  const lease = createMemoryLease();
  return {
    contender: () => Promise.resolve(lease),
    takeoverMs: 50,
    cleanup: () => lease.close(),
  };
});
