import { evolveOrderDocument, orderDocumentEventSchemas } from '../ordering/order-document';
import { orderDocumentSchema, type OrderDocument } from '../ordering/read-model';
import type { PaymentMethod } from '../payments/constants';
import type { LoggedEvent } from '../shared/events';
import { SYSTEM_ACTOR } from '../shared/metadata';
import { parseEvent } from '../shared/parse-event';
import { auditedEventSchemas, describeEvent } from './descriptions';
import type { HistoryActor, HistoryEntry, OrderHistory } from './history';

/** Where a history stops: at a moment (occurredAt), at a global position, or nowhere (all of it). */
export type HistoryCut = { asOf: string } | { position: number } | null;

export interface OrderHistoryInput {
  orderId: string;
  /** The events of `order-<orderId>` and of its payments' streams, in any order. */
  events: readonly LoggedEvent[];
  cut: HistoryCut;
  /** Position of the newest event of the log when these were read. */
  headPosition: number;
  /** A user's name (from their account), or null when unknown; every name is null without it. */
  actorName?: (actorId: string) => string | null;
}

/**
 * The payments an order's events name: OrderPlaced's, and any OrderPaid names
 * (today one payment per order, but an order paid by another payment shows it too).
 */
export function paymentIdsOf(orderEvents: readonly LoggedEvent[]): string[] {
  const ids = new Set<string>();
  for (const recorded of orderEvents) {
    const event = parseEvent(auditedEventSchemas, recorded);
    if (event?.type === 'OrderPlaced' || event?.type === 'OrderPaid') {
      ids.add(event.data.paymentId.toLowerCase());
    }
  }
  return [...ids];
}

/** Who caused an event, from its metadata. */
export function actorOf(
  recorded: LoggedEvent,
  actorName: (actorId: string) => string | null,
): HistoryActor {
  const { actorId, actorRole } = recorded.metadata;
  return {
    id: actorId,
    role: actorRole,
    name: actorId === SYSTEM_ACTOR ? null : actorName(actorId),
  };
}

const noNames = () => null;

/** Whether the history goes on past this event. */
function isWithin(recorded: LoggedEvent, cut: HistoryCut): boolean {
  if (cut === null) return true;
  if ('position' in cut) return recorded.position <= cut.position;
  return Date.parse(recorded.metadata.occurredAt) <= Date.parse(cut.asOf);
}

/**
 * An order's timeline (issue 13): each event with who caused it, why, what it
 * means in pt-BR and the order right after it, the orders read model's
 * document folded by the orders projection's own evolve (evolveOrderDocument),
 * so a state here is exactly what the read model held then. The timeline runs in global order up to the
 * cut: to the last event at or before `position`, or up to (not including) the
 * first event that occurred after `asOf`. Null when the order was never placed.
 */
export function buildOrderHistory(input: OrderHistoryInput): OrderHistory | null {
  const { orderId, cut, headPosition } = input;
  const actorName = input.actorName ?? noNames;
  const events = [...input.events].sort((a, b) => a.position - b.position);
  const placed = events
    .map((recorded) => parseEvent(auditedEventSchemas, recorded))
    .find((event) => event?.type === 'OrderPlaced');
  if (placed?.type !== 'OrderPlaced') return null;

  const methods = new Map<string, PaymentMethod>([
    [placed.data.paymentId.toLowerCase(), placed.data.paymentMethod],
  ]);
  const entries: HistoryEntry[] = [];
  let state: OrderDocument | null = null;
  for (const recorded of events) {
    if (!isWithin(recorded, cut)) break;
    const event = parseEvent(auditedEventSchemas, recorded);
    if (event?.type === 'PaymentRequested') {
      methods.set(event.data.paymentId.toLowerCase(), event.data.method);
    }
    const orderStatusBefore = state?.orderStatus ?? null;
    state = stateAfter(state, recorded, orderId);
    const actor = actorOf(recorded, actorName);
    const paymentId = event && 'paymentId' in event.data ? event.data.paymentId : null;
    entries.push({
      position: recorded.position,
      stream: recorded.streamName,
      revision: recorded.revision,
      eventId: recorded.id,
      type: recorded.type,
      occurredAt: recorded.metadata.occurredAt,
      actor,
      correlationId: recorded.metadata.correlationId,
      causationId: recorded.metadata.causationId,
      description: event
        ? describeEvent(event, {
            actor,
            orderStatusBefore,
            paymentMethod:
              (paymentId === null ? undefined : methods.get(paymentId.toLowerCase())) ??
              placed.data.paymentMethod,
          })
        : `Evento ${recorded.type}`,
      state,
    });
  }
  return {
    orderId,
    orderNumber: placed.data.orderNumber,
    asOf: cut !== null && 'asOf' in cut ? cut.asOf : null,
    atPosition: cut !== null && 'position' in cut ? cut.position : null,
    entries,
    state,
    position: headPosition,
  };
}

/** The orders read model's document after the event (events it does not read leave it as it was). */
function stateAfter(
  current: OrderDocument | null,
  recorded: LoggedEvent,
  orderId: string,
): OrderDocument | null {
  const event = parseEvent(orderDocumentEventSchemas, recorded);
  if (event === null || event.data.orderId.toLowerCase() !== orderId.toLowerCase()) return current;
  const next = evolveOrderDocument(current, event, recorded);
  return next === null ? null : orderDocumentSchema.parse(next);
}
