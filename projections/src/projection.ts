import type { z } from 'zod';
import { parseEvent, type EventOf } from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { IndexSpec, ReadDocument } from '@quitute/infra/read-store';

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
  /**
   * The indexes its readers' queries need (query-api's filters and sorts on the
   * collection), ensured by the runner at start and on a rebuild's collection
   * before it goes live. An indexed field must hold no array (PostgreSQL relies on it).
   */
  indexes?: readonly IndexSpec[];
  documentId: (event: EventOf<S>) => string;
  evolve: (document: D | null, event: EventOf<S>, recorded: RecordedEvent) => D | null;
}

/** The runner's view of a projection: events and documents arrive untyped and are parsed here. */
export interface Projection {
  name: string;
  collection: string;
  /** The indexes its collection needs (ProjectionDefinition.indexes). */
  indexes: readonly IndexSpec[];
  /** The event types it handles (what `handles` says yes to). */
  eventTypes: readonly string[];
  handles(eventType: string): boolean;
  /**
   * Parses the event once: which document it changes, and how. `current` is a
   * document read back from the read store (parsed here) or one this projection's
   * `evolve` returned (used as it is: a batch evolves a document several times).
   */
  route(recorded: RecordedEvent): {
    documentId: string;
    evolve(current: ReadDocument | null): ReadDocument | null;
  };
  /** An empty build of its documents in memory (a rebuild's, see DocumentBuild). */
  startBuild(): DocumentBuild;
}

/** A document built in memory: null once removed; `position` of the last event applied to it. */
export interface BuiltDocument {
  readonly document: ReadDocument | null;
  readonly position: number;
}

/**
 * A projection's documents built in memory from events in log order: no read
 * store round trip, and the documents evolve as their own type, never parsed
 * again (route's evolve has to tell its own documents from stored ones, which
 * cost a rebuild ~25% in a WeakMap).
 */
export interface DocumentBuild {
  /**
   * Applies an event the projection handles to its document; returns the
   * document's id, or undefined when the document is at that position already.
   * Throws what the projection throws.
   */
  apply(recorded: RecordedEvent): string | undefined;
  readonly documents: ReadonlyMap<string, BuiltDocument>;
}

export function defineProjection<S extends Record<string, z.ZodType>, D extends ReadDocument>(
  definition: ProjectionDefinition<S, D>,
): Projection {
  const { events } = definition;
  const documents: ProducedDocuments<D> = { schema: definition.document, produced: new WeakMap() };
  return {
    name: definition.name,
    collection: definition.collection,
    indexes: definition.indexes ?? [],
    eventTypes: Object.keys(events),
    handles: (eventType) => Object.hasOwn(events, eventType),
    route(recorded) {
      const event = parseEvent(events, recorded);
      if (!event) throw new Error(`${definition.name} does not handle ${recorded.type}`);
      return new RoutedEvent(definition, documents, event, recorded);
    },
    startBuild: () => new MemoryBuild(definition),
  };
}

class MemoryBuild<
  S extends Record<string, z.ZodType>,
  D extends ReadDocument,
> implements DocumentBuild {
  readonly documents = new Map<string, { document: D | null; position: number }>();

  constructor(private readonly definition: ProjectionDefinition<S, D>) {}

  apply(recorded: RecordedEvent): string | undefined {
    const { definition } = this;
    const event = parseEvent(definition.events, recorded);
    if (!event) throw new Error(`${definition.name} does not handle ${recorded.type}`);
    const documentId = definition.documentId(event);
    const current = this.documents.get(documentId);
    if (current && current.position >= recorded.position) return undefined;
    const next = definition.evolve(current?.document ?? null, event, recorded);
    if (current) {
      current.document = next;
      current.position = recorded.position;
    } else {
      this.documents.set(documentId, { document: next, position: recorded.position });
    }
    return documentId;
  }
}

interface ProducedDocuments<D extends ReadDocument> {
  schema: z.ZodType<D>;
  /** What evolve returned: handed back, it needs no second parse. A document read from the store is another object, always parsed. */
  produced: WeakMap<ReadDocument, D>;
}

/**
 * A class rather than a closure per event: a rebuild routes every event, and a
 * fresh function each time (named at runtime by tsx's keepNames) cost ~10% of it.
 */
class RoutedEvent<S extends Record<string, z.ZodType>, D extends ReadDocument> {
  readonly documentId: string;

  constructor(
    private readonly definition: ProjectionDefinition<S, D>,
    private readonly documents: ProducedDocuments<D>,
    private readonly event: EventOf<S>,
    private readonly recorded: RecordedEvent,
  ) {
    this.documentId = definition.documentId(event);
  }

  evolve(current: ReadDocument | null): ReadDocument | null {
    const { schema, produced } = this.documents;
    const document = current === null ? null : (produced.get(current) ?? schema.parse(current));
    const next = this.definition.evolve(document, this.event, this.recorded);
    if (next) produced.set(next, next);
    return next;
  }
}
