import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore, type IndexSpec, type ReadStore } from '@quitute/infra/read-store';
import { rebuildCollectionName, rebuildProjections } from './rebuild';
import { projections } from './registry';
import { ProjectionRunner } from './runner';

const ordersProjection = projections.find((projection) => projection.name.startsWith('orders'));

describe('indexes declared per projection', () => {
  it('given the orders projection, then it declares the index of a customer’s orders page (hers, newest first)', () => {
    expect(ordersProjection?.indexes).toContainEqual({
      fields: { userId: 1, createdAt: -1, orderNumber: -1 },
    });
  });

  it('given the registry’s projections, when a runner starts, then each collection has the indexes its projection declares', async () => {
    const readStore = createMemoryReadStore();
    const runner = new ProjectionRunner({
      eventStore: createMemoryEventStore(),
      readStore,
      projections,
      logger: silentLogger,
    });
    await runner.start();
    await runner.stop();
    for (const projection of projections) {
      expect(await readStore.listIndexes(projection.collection), projection.name).toEqual(
        projection.indexes,
      );
    }
  });

  it('given a rebuild, when its collection replaces the live one, then it had its indexes before the swap', async () => {
    const memory = createMemoryReadStore();
    const atSwap = new Map<string, IndexSpec[]>();
    const readStore: ReadStore = {
      ...memory,
      replaceCollection: async (target, source) => {
        atSwap.set(source, await memory.listIndexes(source));
        await memory.replaceCollection(target, source);
      },
    };
    await rebuildProjections({ eventStore: createMemoryEventStore(), readStore, projections });
    for (const projection of projections) {
      expect(atSwap.get(rebuildCollectionName(projection)), projection.name).toEqual(
        projection.indexes,
      );
      expect(await memory.listIndexes(projection.collection)).toEqual(projection.indexes);
    }
  });
});
