import { orderPlacedUpcasters } from '../ordering/events';
import {
  currentSchemaVersion,
  upcastWith,
  type StoredEvent,
  type UpcasterRegistry,
} from './upcasting';
import type { EventMetadata } from './metadata';

/** Every event type that has evolved, with its upcasters (each defined beside its schema). */
export const EVENT_UPCASTERS: UpcasterRegistry = {
  OrderPlaced: orderPlacedUpcasters,
};

/** The event's data in its type's current shape (see upcasting.ts). */
export function upcast(event: StoredEvent): unknown {
  return upcastWith(EVENT_UPCASTERS, event);
}

/** The metadata a new event of `type` is appended with: its schema version once the type has evolved. */
export function withSchemaVersion(type: string, metadata: EventMetadata): EventMetadata {
  const schemaVersion = currentSchemaVersion(EVENT_UPCASTERS, type);
  return schemaVersion === 1 ? metadata : { ...metadata, schemaVersion };
}
