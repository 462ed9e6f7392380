import type { JsonObject, RecordedEvent } from '../event-store';

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
