import { evolveUserDocument } from '../accounts/user-document';
import { accountEventSchemas, userStreamName } from '../accounts/events';
import { userDocumentSchema, type UserDocument } from '../accounts/read-model';
import { FIRST_ORDER_NUMBER } from '../ordering/constants';
import {
  ORDER_NUMBERS_STREAM,
  orderNumberAssignedSchema,
  orderStreamName,
} from '../ordering/events';
import { paymentStreamName } from '../payments/events';
import { saleStreamName } from '../sales/events';
import type { LoggedEvent } from '../shared/events';
import { SYSTEM_ACTOR } from '../shared/metadata';
import { parseEvent } from '../shared/parse-event';
import type { OrderHistory } from './history';
import { buildOrderHistory, paymentIdsOf, type HistoryCut } from './order-history';

/**
 * What an order's history is read from: the event log, read only (the event
 * store is one). Contracts opens no connection: the reader is handed one.
 */
export interface OrderHistorySource {
  readStream(
    streamName: string,
    options?: { fromRevision?: number; maxCount?: number },
  ): Promise<readonly LoggedEvent[]>;
  headPosition(): Promise<number>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NUMBER = /^#?(\d{1,15})$/;

/**
 * The order an id or a number (`1042`, `#1042`) names, from the event store:
 * a number is found in the numbers' stream, whose revision n holds number
 * FIRST_ORDER_NUMBER + n (one read, no scan, no read model). Null when it names none.
 */
export async function resolveOrderId(
  log: OrderHistorySource,
  reference: string,
): Promise<string | null> {
  const text = reference.trim();
  if (UUID.test(text)) return text.toLowerCase();
  const digits = ORDER_NUMBER.exec(text)?.[1];
  if (digits === undefined) return null;
  const orderNumber = Number(digits);
  if (orderNumber < FIRST_ORDER_NUMBER) return null;
  const [assigned] = await log.readStream(ORDER_NUMBERS_STREAM, {
    fromRevision: orderNumber - FIRST_ORDER_NUMBER,
    maxCount: 1,
  });
  if (assigned?.type !== 'OrderNumberAssigned') return null;
  const data = orderNumberAssignedSchema.parse(assigned.data);
  return data.orderNumber === orderNumber ? data.orderId.toLowerCase() : null;
}

/** A user's name as their account's events left it (the users read model's fold over their stream). */
export async function readUserName(
  log: OrderHistorySource,
  userId: string,
): Promise<string | null> {
  const events = await log.readStream(userStreamName(userId));
  let document: UserDocument | null = null;
  for (const recorded of events) {
    const event = parseEvent(accountEventSchemas, recorded);
    if (event) document = evolveUserDocument(document, event, recorded);
  }
  return document === null ? null : userDocumentSchema.parse(document).name;
}

/** Every event of the order's stream, of each of its payments' streams and of its online sale's (saleId = orderId). */
export async function readOrderEvents(
  log: OrderHistorySource,
  orderId: string,
): Promise<LoggedEvent[]> {
  const orderEvents = await log.readStream(orderStreamName(orderId));
  if (orderEvents.length === 0) return [];
  const others = await Promise.all([
    ...paymentIdsOf(orderEvents).map((paymentId) => log.readStream(paymentStreamName(paymentId))),
    log.readStream(saleStreamName(orderId)),
  ]);
  return [...orderEvents, ...others.flat()];
}

/**
 * An order's history read from the event store alone (no read model): the
 * order named by id or number, cut at a moment or a position; null for an
 * order that does not exist.
 */
export async function readOrderHistory(
  log: OrderHistorySource,
  reference: string,
  cut: HistoryCut,
): Promise<OrderHistory | null> {
  const orderId = await resolveOrderId(log, reference);
  if (orderId === null) return null;
  const events = await readOrderEvents(log, orderId);
  if (events.length === 0) return null;
  const headPosition = await log.headPosition();
  const actorIds = new Set(events.map((recorded) => recorded.metadata.actorId));
  actorIds.delete(SYSTEM_ACTOR);
  const names = new Map(
    await Promise.all([...actorIds].map(async (id) => [id, await readUserName(log, id)] as const)),
  );
  return buildOrderHistory({
    orderId,
    events,
    cut,
    headPosition,
    actorName: (id) => names.get(id) ?? null,
  });
}
