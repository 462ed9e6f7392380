import {
  catalogEventSchemas,
  catalogMessages,
  notEnoughStockMessage,
  parseEvent,
  productNameReservationEventSchemas,
  type CatalogEvent,
  type Category,
  type ProductNameReservationEvent,
  type StockReleaseReason,
  assertNever,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';
import {
  allHolds,
  holdBeforeReserving,
  holdOf,
  holdToRelease,
  withHold,
  type HoldsByOrder,
} from '../shared/holds-by-order';
import { reservationDecider, type ReservationEvents } from '../shared/reservations';

export { catalogMessages };

export interface ProductFields {
  name: string;
  priceCents: number;
  category: Category;
  description: string;
  imageUrl: string | null;
  stock: number;
  itens: string[];
}

/** Units an order holds of a product, and the checkout attempt that took them. */
export interface StockHold {
  quantity: number;
  checkoutAttempt: string;
}

/** The units each order holds of the product (shared/holds-by-order.ts). */
export type StockHolds = HoldsByOrder<StockHold>;

export { allHolds, holdOf };

/**
 * A listed product: its fields (`stock` is the units available now, what
 * orders hold already taken out) and the units each order holds (StockHolds).
 */
export type ProductState =
  | { status: 'absent' }
  | {
      status: 'listed';
      productId: string;
      fields: ProductFields;
      isActive: boolean;
      holds: StockHolds;
    }
  | { status: 'deleted'; productId: string };

export type CatalogCommand =
  | { type: 'AddProduct'; productId: string; fields: ProductFields; isActive: boolean }
  /** Fields (and isActive) left out keep what the product has. */
  | {
      type: 'UpdateProduct';
      productId: string;
      fields: Partial<ProductFields>;
      isActive?: boolean | undefined;
    }
  | { type: 'DeleteProduct'; productId: string }
  /**
   * Issue 38: the order holds `quantity` units (refused, 409 naming what is
   * left, when there are not that many). Asked again by the same attempt,
   * nothing happens; by another attempt of the same order (a retried checkout),
   * that attempt takes the order's units over.
   */
  | {
      type: 'ReserveStock';
      productId: string;
      orderId: string;
      quantity: number;
      checkoutAttempt: string;
    }
  /**
   * The order's units go back to the stock (nothing happens when it holds
   * none). With `checkoutAttempt`, only when that attempt holds them: a
   * retried checkout that took them over keeps them.
   */
  | {
      type: 'ReleaseStock';
      productId: string;
      orderId: string;
      reason: StockReleaseReason;
      checkoutAttempt?: string | undefined;
    };

function sameFields(a: ProductFields, b: ProductFields): boolean {
  return (
    a.name === b.name &&
    a.priceCents === b.priceCents &&
    a.category === b.category &&
    a.description === b.description &&
    a.imageUrl === b.imageUrl &&
    a.stock === b.stock &&
    a.itens.length === b.itens.length &&
    a.itens.every((item, index) => item === b.itens[index])
  );
}

/** The product's fields with the given ones replaced (null is a value: no image). */
function withChanges(current: ProductFields, changes: Partial<ProductFields>): ProductFields {
  const pick = <T>(change: T | undefined, value: T): T => (change === undefined ? value : change);
  return {
    name: pick(changes.name, current.name),
    priceCents: pick(changes.priceCents, current.priceCents),
    category: pick(changes.category, current.category),
    description: pick(changes.description, current.description),
    imageUrl: pick(changes.imageUrl, current.imageUrl),
    stock: pick(changes.stock, current.stock),
    itens: pick(changes.itens, current.itens),
  };
}

export const productDecider: Decider<ProductState, CatalogCommand, CatalogEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'ProductAdded': {
        const { productId, isActive, ...fields } = event.data;
        return { status: 'listed', productId, fields, isActive, holds: {} };
      }
      case 'ProductUpdated': {
        if (state.status !== 'listed') return state;
        const { productId, ...fields } = event.data;
        return { ...state, productId, fields };
      }
      case 'ProductActivated':
        return state.status === 'listed' ? { ...state, isActive: true } : state;
      case 'ProductDeactivated':
        return state.status === 'listed' ? { ...state, isActive: false } : state;
      case 'ProductDeleted':
        return { status: 'deleted', productId: event.data.productId };
      case 'ProductStockReserved': {
        if (state.status !== 'listed') return state;
        const { orderId, quantity, checkoutAttempt, stock } = event.data;
        return {
          ...state,
          fields: { ...state.fields, stock },
          holds: withHold(state.holds, orderId, { quantity, checkoutAttempt }),
        };
      }
      case 'ProductStockReleased': {
        if (state.status !== 'listed') return state;
        return {
          ...state,
          fields: { ...state.fields, stock: event.data.stock },
          holds: withHold(state.holds, event.data.orderId, null),
        };
      }
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddProduct':
        if (state.status !== 'absent')
          throw new AppError('conflict', catalogMessages.productExists);
        return [
          {
            type: 'ProductAdded',
            data: { productId: command.productId, ...command.fields, isActive: command.isActive },
          },
        ];
      case 'UpdateProduct': {
        if (state.status !== 'listed') {
          throw new AppError('not_found', catalogMessages.productNotFound);
        }
        const fields = withChanges(state.fields, command.fields);
        const isActive = command.isActive ?? state.isActive;
        const events: CatalogEvent[] = [];
        if (!sameFields(state.fields, fields)) {
          events.push({
            type: 'ProductUpdated',
            data: { productId: command.productId, ...fields },
          });
        }
        if (isActive !== state.isActive) {
          events.push(
            isActive
              ? { type: 'ProductActivated', data: { productId: command.productId } }
              : { type: 'ProductDeactivated', data: { productId: command.productId } },
          );
        }
        return events;
      }
      case 'DeleteProduct':
        if (state.status !== 'listed') {
          throw new AppError('not_found', catalogMessages.productNotFound);
        }
        return [{ type: 'ProductDeleted', data: { productId: command.productId } }];
      case 'ReserveStock':
        return reserveStock(command, state);
      case 'ReleaseStock': {
        if (state.status !== 'listed') return [];
        const hold = holdToRelease(state.holds, command.orderId, command.checkoutAttempt);
        if (!hold) return [];
        return [
          {
            type: 'ProductStockReleased',
            data: {
              productId: command.productId,
              orderId: command.orderId,
              quantity: hold.quantity,
              reason: command.reason,
              stock: state.fields.stock + hold.quantity,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

function reserveStock(
  command: Extract<CatalogCommand, { type: 'ReserveStock' }>,
  state: ProductState,
): CatalogEvent[] {
  if (state.status !== 'listed') throw new AppError('not_found', catalogMessages.productNotFound);
  const { orderId, quantity, checkoutAttempt } = command;
  const held = holdBeforeReserving(state.holds, orderId, checkoutAttempt);
  if (held?.quantity === quantity) return [];
  // What the order already holds is its own: a retry asks for it again, not on top of it.
  const available = state.fields.stock + (held?.quantity ?? 0);
  if (!state.isActive || available < quantity) {
    throw new AppError(
      'conflict',
      notEnoughStockMessage(state.fields.name, state.isActive ? available : 0),
    );
  }
  return [
    {
      type: 'ProductStockReserved',
      data: {
        productId: command.productId,
        orderId,
        quantity,
        checkoutAttempt,
        stock: available - quantity,
      },
    },
  ];
}

export function parseCatalogEvent(recorded: RecordedEvent): CatalogEvent | null {
  return parseEvent(catalogEventSchemas, recorded);
}

/**
 * `catalog-name-<hash>`: one product per name, case and accents aside (the
 * cart and the product sync find products by name). Reserved before a product
 * takes the name, released once it no longer has it (renamed or deleted).
 */
export const productNameReservationEvents: ReservationEvents<ProductNameReservationEvent> = {
  reserved: (name, productId) => ({ type: 'ProductNameReserved', data: { name, productId } }),
  released: (name, productId) => ({ type: 'ProductNameReleased', data: { name, productId } }),
  read: (event) => ({
    kind: event.type === 'ProductNameReserved' ? 'reserved' : 'released',
    holderId: event.data.productId,
  }),
  takenMessage: catalogMessages.productNameTaken,
};

export const productNameReservationDecider = reservationDecider(productNameReservationEvents);

export function parseProductNameEvent(recorded: RecordedEvent): ProductNameReservationEvent | null {
  return parseEvent(productNameReservationEventSchemas, recorded);
}
