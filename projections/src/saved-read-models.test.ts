import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { createLogger, silentLogger } from '@quitute/infra/logging';
import { readCheckpoint } from '@quitute/infra/projection-progress';
import type { MemoryReadStore } from '@quitute/infra/read-store';
import { buildReadModelsFirst } from './first-build';
import type { Projection } from './projection';
import { ProjectionRunner } from './runner';
import { keepReadModelsSaved, openSavedReadModels, saveReadModelsNow } from './saved-read-models';
import { count, documentsOf, runnerBuild, tallyDocument, tallyProjection } from './testing';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-saved-read-models-'));
  file = path.join(dir, 'read-models.jsonl');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const tally = tallyProjection('tally_v1');

/** A logger whose warnings the test reads. */
function warningsLogger() {
  const warnings: string[] = [];
  const logger = createLogger({
    level: 'warn',
    destination: { write: (line) => warnings.push(String(JSON.parse(line).msg)) },
  });
  return { logger, warnings };
}

/** The shop's start: saved read models opened, what they lack built, the runner started. */
async function startShop(
  eventStore: EventStore,
  projections: readonly Projection[],
  logger = silentLogger,
) {
  const opened = await openSavedReadModels({ file, eventStore, projections, logger });
  if (opened.unbuilt.length > 0) {
    await buildReadModelsFirst({
      eventStore,
      readStore: opened.readStore,
      projections: opened.unbuilt,
      logger,
    });
  }
  const runner = new ProjectionRunner({
    eventStore,
    readStore: opened.readStore,
    projections,
    logger,
  });
  await runner.start();
  return { ...opened, runner };
}

async function stop(shop: { readStore: MemoryReadStore; runner: ProjectionRunner }) {
  await shop.runner.stop();
  await shop.readStore.close();
}

/** A run of the shop on `eventStore` that saves its read models to `file`, then stops. */
async function runAndSave(eventStore: EventStore) {
  const shop = await startShop(eventStore, [tally]);
  await saveReadModelsNow({ file, readStore: shop.readStore, eventStore, projections: [tally] });
  await stop(shop);
}

describe('read models saved between runs', () => {
  it('given a saved run, when the log grew while stopped, then the next start loads the save, applies only the new events and equals a build from the whole log', async () => {
    const eventStore = createMemoryEventStore();
    await count(eventStore, 1, 300);
    await runAndSave(eventStore);
    await count(eventStore, 301, 320);

    const second = await startShop(eventStore, [tally]);

    expect(second.unbuilt).toEqual([]);
    expect(await readCheckpoint(second.readStore, tally.name)).toBe(320);
    const built = await documentsOf(second.readStore, tally);
    expect(built).toEqual(await runnerBuild(eventStore, tally));
    // Each number once: the events before the save were not applied a second time.
    const numbers = built.flatMap((document) => tallyDocument.parse(document).numbers);
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 320 }, (_, i) => i + 1));
    await stop(second);
  });

  it('given a save of another event log, when the shop starts, then it warns and builds from its own log', async () => {
    const other = createMemoryEventStore();
    await count(other, 1, 50);
    await runAndSave(other);
    const eventStore = createMemoryEventStore();
    await count(eventStore, 1, 60);
    const { logger, warnings } = warningsLogger();

    const shop = await startShop(eventStore, [tally], logger);

    expect(shop.unbuilt).toEqual([tally]);
    expect(warnings).toEqual([
      'saved read models were built from another event log: built from this one',
    ]);
    expect(await documentsOf(shop.readStore, tally)).toEqual(await runnerBuild(eventStore, tally));
    await stop(shop);
  });

  it('given a damaged save, when the shop starts, then it warns and builds from the log', async () => {
    const eventStore = createMemoryEventStore();
    await count(eventStore, 1, 20);
    fs.writeFileSync(file, '{"format":"quitute-read-models","version":1');
    const { logger, warnings } = warningsLogger();

    const shop = await startShop(eventStore, [tally], logger);

    expect(shop.unbuilt).toEqual([tally]);
    expect(warnings).toEqual(['saved read models unreadable: built from the event log']);
    expect(await documentsOf(shop.readStore, tally)).toEqual(await runnerBuild(eventStore, tally));
    await stop(shop);
  });

  it('given a projection added since the save, when the shop starts, then only it is built from the log', async () => {
    const eventStore = createMemoryEventStore();
    await count(eventStore, 1, 40);
    await runAndSave(eventStore);
    const added = tallyProjection('tally_v2');

    const shop = await startShop(eventStore, [tally, added]);

    expect(shop.unbuilt).toEqual([added]);
    expect(await documentsOf(shop.readStore, added)).toEqual(await runnerBuild(eventStore, added));
    await stop(shop);
  });

  it('given a saver, when nothing moved since its last save, then it does not write again; when the log moves, close saves it', async () => {
    const eventStore = createMemoryEventStore();
    await count(eventStore, 1, 10);
    const shop = await startShop(eventStore, [tally]);
    const saver = keepReadModelsSaved({
      file,
      readStore: shop.readStore,
      eventStore,
      projections: [tally],
      logger: silentLogger,
      intervalMs: 60_000,
    });
    await saver.save();
    const firstSave = fs.statSync(file).mtimeMs;
    fs.utimesSync(file, new Date(0), new Date(0));

    await saver.save();
    expect(fs.statSync(file).mtimeMs).toBe(0);

    await count(eventStore, 11, 15);
    expect(await shop.runner.waitForPosition(15, 5_000)).toBe(true);
    await saver.close();
    expect(fs.statSync(file).mtimeMs).toBeGreaterThanOrEqual(firstSave);
    await stop(shop);

    const reopened = await openSavedReadModels({
      file,
      eventStore,
      projections: [tally],
      logger: silentLogger,
    });
    expect(await readCheckpoint(reopened.readStore, tally.name)).toBe(15);
    await reopened.readStore.close();
  });

  it('given a start on a save with nothing new in the log, when the saver runs and closes, then the file is not written again', async () => {
    const eventStore = createMemoryEventStore();
    await count(eventStore, 1, 10);
    await runAndSave(eventStore);
    fs.utimesSync(file, new Date(0), new Date(0));

    const restarted = await startShop(eventStore, [tally]);
    const saver = keepReadModelsSaved({
      file,
      readStore: restarted.readStore,
      eventStore,
      projections: [tally],
      logger: silentLogger,
      intervalMs: 60_000,
      savedVersion: restarted.savedVersion,
    });
    await saver.save();
    await saver.close();
    await stop(restarted);

    expect(restarted.savedVersion).toBeDefined();
    expect(fs.statSync(file).mtimeMs).toBe(0);
  });
});
