import {
  checkoutMessages,
  orderEventSchemas,
  orderMessages,
  parseEvent,
  type OrderCancelReason,
  type OrderEvent,
  type OrderStatus,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

export type PlacedOrder = Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];

/** An order: nothing before it is placed; then what was placed, where it stands and whether it was paid. */
export type OrderState =
  { placed: null } | { placed: PlacedOrder; status: OrderStatus; paid: boolean };

export type OrderCommand =
  | { type: 'PlaceOrder'; order: PlacedOrder }
  | { type: 'MarkOrderPaid'; orderId: string; paymentId: string; amountCents: number }
  | { type: 'CancelOrder'; orderId: string; reason: OrderCancelReason }
  /** An admin moves the order along (admin-spec §4): any of the statuses. */
  | { type: 'ChangeOrderStatus'; orderId: string; to: OrderStatus };

function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

function placed(state: OrderState): Exclude<OrderState, { placed: null }> {
  if (state.placed === null) throw new AppError('not_found', orderMessages.notFound);
  return state;
}

/**
 * An order's life. Placing is idempotent under its Idempotency-Key: the same
 * request placed again decides nothing, another request under that key is
 * refused. The payment's consequences (paid, cancelled) are decided on the
 * order as it stands, so the process manager may repeat them safely.
 */
export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: { placed: null },

  evolve(state, event) {
    switch (event.type) {
      case 'OrderPlaced':
        return { placed: event.data, status: 'pending', paid: false };
      case 'OrderPaid':
        return state.placed === null ? state : { ...state, status: 'processing', paid: true };
      case 'OrderCancelled':
        return state.placed === null ? state : { ...state, status: 'cancelled' };
      case 'OrderStatusChanged':
        return state.placed === null ? state : { ...state, status: event.data.to };
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
        const order = placed(state);
        if (order.status === command.to) return [];
        return [
          {
            type: 'OrderStatusChanged',
            data: { orderId: command.orderId, from: order.status, to: command.to },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

export function parseOrderEvent(recorded: RecordedEvent): OrderEvent | null {
  return parseEvent(orderEventSchemas, recorded.type, recorded.data);
}
