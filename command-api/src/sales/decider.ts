import {
  parseEvent,
  saleEventSchemas,
  salesMessages,
  type SaleEvent,
  type SaleReversalReason,
  type SaleSource,
  assertNever,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { PlacedOrder } from '../ordering/decider';
import type { Decider } from '../shared/decider';

/** What the reports count of a sale (admin-spec §3); money in centavos, `soldAt` an ISO instant. */
export interface SaleFigures {
  amountCents: number;
  clientName: string;
  soldAt: string;
}

/** What an online sale sold (its order's lines). */
export type SaleLines = Extract<SaleEvent, { type: 'OnlineSaleReversed' }>['data']['items'];

/** What an online sale still counts after its refunds (issue 38): by line, and its fee. */
export interface SaleLeft {
  lineCents: readonly number[];
  feeCents: number;
  /** The refunds (and chargeback) already taken from it, by refundId. */
  refundIds: readonly string[];
}

/**
 * A sale (stream `sale-<saleId>`): nothing, then recorded (and maybe amended),
 * then maybe deleted (a physical one) or reversed (an online one whose payment
 * was given back). A deleted or reversed sale no longer counts anywhere.
 */
export type SaleState =
  | { status: 'absent' }
  | ({
      status: 'recorded';
      saleId: string;
      source: SaleSource;
      items: SaleLines;
      /** The order's delivery fee inside amountCents (0 for a counter sale, and before fees existed). */
      deliveryFeeCents: number;
      orderNumber: number | undefined;
      left: SaleLeft;
    } & SaleFigures)
  | { status: 'deleted'; saleId: string; source: SaleSource }
  | { status: 'reversed'; saleId: string; source: SaleSource };

export type SaleCommand =
  /** An administrator enters a counter sale; its id is new. */
  | ({ type: 'RecordPhysicalSale'; saleId: string } & SaleFigures)
  /** The payment process records a paid order's sale (sale id = order id), once. */
  | { type: 'RecordOnlineSale'; order: PlacedOrder; soldAt: string }
  | ({ type: 'AmendSale'; saleId: string } & SaleFigures)
  | { type: 'DeleteSale'; saleId: string }
  /** The payment process takes back an online sale whose payment was refunded or charged back, once. */
  | { type: 'ReverseOnlineSale'; saleId: string; reason: SaleReversalReason }
  /**
   * Issue 38: money of an online sale went back (a refund, whole or partial,
   * or a chargeback), counted on the day it moved; once per refundId.
   */
  | {
      type: 'RefundOnlineSale';
      saleId: string;
      refundId: string;
      amountCents: number;
      reason: SaleReversalReason;
      refundedAt: string;
    };

type Recorded = Extract<SaleState, { status: 'recorded' }>;

/**
 * A sale an administrator may change: a physical one (admin-spec §4); an
 * online one is a paid order's record and stays as the payment left it.
 */
function editable(state: SaleState, onlineMessage: string): Recorded {
  if (state.status !== 'recorded') throw new AppError('not_found', salesMessages.saleNotFound);
  if (state.source === 'online') throw new AppError('conflict', onlineMessage);
  return state;
}

export const saleDecider: Decider<SaleState, SaleCommand, SaleEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'SaleRecorded': {
        const { saleId, source, amountCents, clientName, soldAt, items = [] } = event.data;
        const deliveryFeeCents = event.data.deliveryFeeCents ?? 0;
        return {
          status: 'recorded',
          saleId,
          source,
          amountCents,
          clientName,
          soldAt,
          items,
          deliveryFeeCents,
          orderNumber: event.data.orderNumber,
          left: {
            lineCents: items.map((line) => line.revenueCents),
            feeCents: deliveryFeeCents,
            refundIds: [],
          },
        };
      }
      case 'SaleAmended': {
        if (state.status !== 'recorded') return state;
        const { amountCents, clientName, soldAt } = event.data;
        return { ...state, amountCents, clientName, soldAt };
      }
      case 'SaleDeleted':
        return state.status === 'recorded'
          ? { status: 'deleted', saleId: state.saleId, source: state.source }
          : state;
      case 'OnlineSaleReversed':
        return state.status === 'recorded'
          ? { status: 'reversed', saleId: state.saleId, source: state.source }
          : state;
      case 'OnlineSaleRefunded': {
        if (state.status !== 'recorded') return state;
        const { items, deliveryFeeCents, refundId } = event.data;
        return {
          ...state,
          left: {
            lineCents: state.left.lineCents.map(
              (cents, index) => cents - (items[index]?.revenueCents ?? 0),
            ),
            feeCents: state.left.feeCents - deliveryFeeCents,
            refundIds: [...state.left.refundIds, refundId],
          },
        };
      }
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordPhysicalSale': {
        if (state.status !== 'absent') throw new AppError('conflict', salesMessages.saleExists);
        const { saleId, amountCents, clientName, soldAt } = command;
        return [
          {
            type: 'SaleRecorded',
            data: { saleId, source: 'physical', amountCents, clientName, soldAt },
          },
        ];
      }
      case 'RecordOnlineSale': {
        if (state.status !== 'absent') return [];
        const { order, soldAt } = command;
        return [
          {
            type: 'SaleRecorded',
            data: {
              saleId: order.orderId,
              source: 'online',
              amountCents: order.totalCents,
              clientName: order.customer.name,
              soldAt,
              orderId: order.orderId,
              orderNumber: order.orderNumber,
              items: order.items.map((line) => ({
                productId: line.productId,
                name: line.name,
                quantity: line.quantity,
                revenueCents: line.unitPriceCents * line.quantity,
              })),
              // Inside amountCents, no product's revenue: the reports show it apart.
              deliveryFeeCents: order.deliveryFeeCents ?? 0,
            },
          },
        ];
      }
      case 'AmendSale': {
        const sale = editable(state, salesMessages.onlineSaleNotEditable);
        const { saleId, amountCents, clientName, soldAt } = command;
        if (
          sale.amountCents === amountCents &&
          sale.clientName === clientName &&
          sale.soldAt === soldAt
        ) {
          return [];
        }
        return [{ type: 'SaleAmended', data: { saleId, amountCents, clientName, soldAt } }];
      }
      case 'DeleteSale':
        editable(state, salesMessages.onlineSaleNotDeletable);
        return [{ type: 'SaleDeleted', data: { saleId: command.saleId } }];
      case 'ReverseOnlineSale': {
        // Never recorded, or reversed already: nothing counts that could be taken back.
        if (state.status !== 'recorded') return [];
        if (state.source !== 'online') {
          throw new AppError('conflict', salesMessages.onlySaleOfPaymentReversible);
        }
        const { saleId, soldAt, amountCents, items, deliveryFeeCents } = state;
        return [
          {
            type: 'OnlineSaleReversed',
            data: {
              saleId,
              orderId: saleId,
              reason: command.reason,
              soldAt,
              amountCents,
              items,
              deliveryFeeCents,
            },
          },
        ];
      }
      case 'RefundOnlineSale':
        return refundOnlineSale(state, command);
      default:
        return assertNever(command);
    }
  },
};

/**
 * Splits `amount` over parts in proportion to their weights, largest
 * remainder first (ties to the earlier part), so the parts add up to the
 * centavo; no part gets more than its weight when amount ≤ the weights' sum.
 */
export function splitInProportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * The money of one refund taken from what the sale still counts, split over
 * its lines and fee in proportion to what each still counts, so every part
 * stays within it and the last refund takes exactly what is left (`final`: the
 * sale no longer counts as one, its units no longer sold). A sale reversed
 * whole before issue 38, a refund already taken, or nothing left: nothing.
 */
function refundOnlineSale(
  state: SaleState,
  command: Extract<SaleCommand, { type: 'RefundOnlineSale' }>,
): SaleEvent[] {
  if (state.status !== 'recorded') return [];
  if (state.source !== 'online') {
    throw new AppError('conflict', salesMessages.onlySaleOfPaymentReversible);
  }
  const { left } = state;
  if (left.refundIds.includes(command.refundId)) return [];
  const weights = [...left.lineCents, left.feeCents];
  const remaining = weights.reduce((sum, cents) => sum + cents, 0);
  const amountCents = Math.min(command.amountCents, remaining);
  if (amountCents <= 0) return [];
  const parts = splitInProportion(amountCents, weights);
  const final = amountCents === remaining;
  return [
    {
      type: 'OnlineSaleRefunded',
      data: {
        saleId: state.saleId,
        orderId: state.saleId,
        ...(state.orderNumber === undefined ? {} : { orderNumber: state.orderNumber }),
        refundId: command.refundId,
        reason: command.reason,
        refundedAt: command.refundedAt,
        clientName: state.clientName,
        amountCents,
        deliveryFeeCents: parts[weights.length - 1] ?? 0,
        items: state.items.map((line, index) => ({
          productId: line.productId,
          name: line.name,
          quantity: final ? line.quantity : 0,
          revenueCents: parts[index] ?? 0,
        })),
        final,
      },
    },
  ];
}

export function parseSaleEvent(recorded: RecordedEvent): SaleEvent | null {
  return parseEvent(saleEventSchemas, recorded);
}
