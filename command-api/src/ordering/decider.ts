import {
  adminMessages,
  checkoutMessages,
  orderEventSchemas,
  orderMessages,
  orderStatusAfterPayment,
  parseEvent,
  type OrderCancelReason,
  type OrderEvent,
  type OrderStatus,
  assertNever,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

export type PlacedOrder = Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];

/**
 * An order: nothing before it is placed; then what was placed, where it stands,
 * whether it was paid, and whether an administrator deleted it (hidden from the
 * lists; its payment's facts are still recorded on it).
 */
export type OrderState =
  { placed: null } | { placed: PlacedOrder; status: OrderStatus; paid: boolean; deleted: boolean };

export type OrderCommand =
  | { type: 'PlaceOrder'; order: PlacedOrder }
  | { type: 'MarkOrderPaid'; orderId: string; paymentId: string; amountCents: number }
  | { type: 'CancelOrder'; orderId: string; reason: OrderCancelReason }
  /** An admin moves the order along (admin-spec §4): any of the statuses. */
  | { type: 'ChangeOrderStatus'; orderId: string; to: OrderStatus }
  /** An admin removes the order from the lists (admin-spec §7). */
  | { type: 'DeleteOrder'; orderId: string };

type Placed = Exclude<OrderState, { placed: null }>;

function placed(state: OrderState): Placed {
  if (state.placed === null) throw new AppError('not_found', orderMessages.notFound);
  return state;
}

/** An order an administrator may still change: a deleted one is gone for them (404, as an unknown id). */
function notDeleted(state: OrderState): Placed {
  const order = placed(state);
  if (order.deleted) throw new AppError('not_found', orderMessages.notFound);
  return order;
}

/**
 * An order's life. Placing is idempotent under its Idempotency-Key: the same
 * request placed again decides nothing, another request under that key is
 * refused. The payment's consequences (paid, cancelled) are decided on the
 * order as it stands, so the process manager may repeat them safely; a deleted
 * order still takes them, so money that arrives for it is recorded (its sale,
 * its cart) as for any other. Only the administrator's own commands treat a
 * deleted order as gone.
 */
export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: { placed: null },

  evolve(state, event) {
    switch (event.type) {
      case 'OrderPlaced':
        return { placed: event.data, status: 'pending', paid: false, deleted: false };
      case 'OrderPaid':
        return state.placed === null
          ? state
          : { ...state, status: orderStatusAfterPayment(state.status), paid: true };
      case 'OrderCancelled':
        return state.placed === null ? state : { ...state, status: 'cancelled' };
      case 'OrderStatusChanged':
        return state.placed === null ? state : { ...state, status: event.data.to };
      case 'OrderDeleted':
        return state.placed === null ? state : { ...state, deleted: true };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'PlaceOrder': {
        if (state.placed === null) return [{ type: 'OrderPlaced', data: command.order }];
        if (state.placed.requestFingerprint !== command.order.requestFingerprint) {
          throw new AppError('conflict', checkoutMessages.idempotencyKeyReused);
        }
        return [];
      }
      case 'MarkOrderPaid': {
        const order = placed(state);
        if (order.paid || order.status === 'cancelled') return [];
        const { orderId, paymentId, amountCents } = command;
        return [{ type: 'OrderPaid', data: { orderId, paymentId, amountCents } }];
      }
      case 'CancelOrder': {
        const order = placed(state);
        if (order.status !== 'pending') return [];
        return [
          { type: 'OrderCancelled', data: { orderId: command.orderId, reason: command.reason } },
        ];
      }
      case 'ChangeOrderStatus': {
        const order = notDeleted(state);
        if (order.status === command.to) return [];
        return [
          {
            type: 'OrderStatusChanged',
            data: { orderId: command.orderId, from: order.status, to: command.to },
          },
        ];
      }
      case 'DeleteOrder': {
        // A paid order stays visible to its customer: it is cancelled (and refunded), never deleted.
        if (notDeleted(state).paid)
          throw new AppError('conflict', adminMessages.paidOrderCannotBeDeleted);
        return [{ type: 'OrderDeleted', data: { orderId: command.orderId } }];
      }
      default:
        return assertNever(command);
    }
  },
};

export function parseOrderEvent(recorded: RecordedEvent): OrderEvent | null {
  return parseEvent(orderEventSchemas, recorded);
}
