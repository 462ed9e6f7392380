import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createStores } from '@quitute/infra/snapshot-store';
import { makeTempDir } from './temp-dir';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An empty PGlite event store (see below) that openShop copies into each shop's data dir. */
    eventStoreTemplate: string;
  }
}

/**
 * Once per run: an event store opened once and closed with nothing in it. A new
 * PGlite database spends 5–10 s of CPU in its initdb, and every file's shop
 * would pay it; a copy of this one opens in under a second, as empty as new.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = makeTempDir('quitute-e2e-template-');
  const { eventStore, snapshotStore } = await createStores({ dataDir: dir });
  await snapshotStore.close();
  await eventStore.close();
  project.provide('eventStoreTemplate', path.join(dir, 'eventstore'));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
