import { expect } from 'vitest';
import { z } from 'zod';
import type { EventStore, JsonObject } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import {
  createMemoryReadStore,
  type ReadDocument,
  type ReadStore,
} from '@quitute/infra/read-store';
import { recordedAt } from '@quitute/infra/testing';
import { defineProjection, type Projection } from './projection';
import { ProjectionRunner } from './runner';

/** Given these events of one stream, then this document (each routed to `documentId`). */
export function project(
  projection: Projection,
  events: readonly { type: string; data: JsonObject }[],
  { streamName, documentId }: { streamName: string; documentId: string },
): ReadDocument | null {
  return events.reduce<ReadDocument | null>((document, event, index) => {
    const routed = projection.route(recordedAt(event, index + 1, streamName));
    expect(routed.documentId).toBe(documentId);
    return routed.evolve(document);
  }, null);
}

export const tallyDocument = z.object({ _id: z.string(), numbers: z.array(z.number()) });
const counted = { Counted: z.object({ key: z.string(), n: z.number() }) };

/** Test projection: a tally of the numbers counted per key; `failOn` makes its handler throw on that number. */
export function tallyProjection(name: string, failOn?: number): Projection {
  return defineProjection({
    name,
    collection: `${name}_documents`,
    events: counted,
    document: tallyDocument,
    documentId: (event) => event.data.key,
    evolve(document, event) {
      if (event.data.n === failOn) throw new Error(`cannot count ${failOn}`);
      return { _id: event.data.key, numbers: [...(document?.numbers ?? []), event.data.n] };
    },
  });
}

const metadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system' as const,
  occurredAt: '2026-11-25T12:00:00.000Z',
};

/** Appends Counted events for the numbers from..to, spread over five tally streams (keys k0–k4). */
export async function count(store: EventStore, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n += 1) {
    const key = `k${n % 5}`;
    await store.appendToStream(
      `tally-${key}`,
      [{ id: crypto.randomUUID(), type: 'Counted', data: { key, n }, metadata }],
      { expectedRevision: 'any' },
    );
  }
}

export async function documentsOf(readStore: ReadStore, projection: Projection) {
  return readStore.collection(projection.collection).find({}, { sort: { _id: 1 } });
}

/** The projection's documents as a runner builds them from the whole log into a fresh store. */
export async function runnerBuild(eventStore: EventStore, projection: Projection) {
  const readStore = createMemoryReadStore();
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: [projection],
    logger: silentLogger,
  });
  await runner.start();
  await runner.stop();
  return documentsOf(readStore, projection);
}
