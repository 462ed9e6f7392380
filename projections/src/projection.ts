import type { z } from 'zod';
import { parseEvent, type EventOf } from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { ReadDocument } from '@quitute/infra/read-store';

/**
 * A declared projection (STYLE rule 8): a pure `evolve(document, event)` — a
 * switch over the event types it declares — and a document id function. The
 * runner owns I/O, idempotency (by global position) and checkpoints.
 * `evolve` returning null removes the document.
 */
export interface ProjectionDefinition<S extends Record<string, z.ZodType>, D extends ReadDocument> {
  /** Checkpoint name; bump the version suffix to rebuild into a new collection. */
  name: string;
  collection: string;
  /** The events it reads, by type. */
  events: S;
  /** The document it writes; stored documents are parsed with it when read back. */
  document: z.ZodType<D>;
  documentId: (event: EventOf<S>) => string;
  evolve: (document: D | null, event: EventOf<S>, recorded: RecordedEvent) => D | null;
}

/** The runner's view of a projection: events and documents arrive untyped and are parsed here. */
export interface Projection {
  name: string;
  collection: string;
  handles(eventType: string): boolean;
  /** Parses the event once: which document it changes, and how. */
  route(recorded: RecordedEvent): {
    documentId: string;
    evolve(stored: ReadDocument | null): ReadDocument | null;
  };
}

export function defineProjection<S extends Record<string, z.ZodType>, D extends ReadDocument>(
  definition: ProjectionDefinition<S, D>,
): Projection {
  const { events, document } = definition;
  return {
    name: definition.name,
    collection: definition.collection,
    handles: (eventType) => Object.hasOwn(events, eventType),
    route(recorded) {
      const event = parseEvent(events, recorded.type, recorded.data);
      if (!event) throw new Error(`${definition.name} does not handle ${recorded.type}`);
      return {
        documentId: definition.documentId(event),
        evolve: (stored) =>
          definition.evolve(stored ? document.parse(stored) : null, event, recorded),
      };
    },
  };
}
