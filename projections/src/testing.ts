import { expect } from 'vitest';
import type { JsonObject, RecordedEvent } from '@quitute/infra/event-store';
import type { ReadDocument } from '@quitute/infra/read-store';
import type { Projection } from './projection';

/** Test helper: the n-th event of one stream, recorded at position n, n seconds after noon. */
export function recordedAt(
  event: { type: string; data: JsonObject },
  position: number,
  streamName: string,
): RecordedEvent {
  const occurredAt = new Date(Date.UTC(2026, 10, 22, 12, 0, position)).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type: event.type,
    streamName,
    revision: position - 1,
    position,
    data: event.data,
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      actorRole: 'system',
      occurredAt,
    },
    recordedAt: occurredAt,
  };
}

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
