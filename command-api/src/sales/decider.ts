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
  | { type: 'ReverseOnlineSale'; saleId: string; reason: SaleReversalReason };

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
      default:
        return assertNever(command);
    }
  },
};

export function parseSaleEvent(recorded: RecordedEvent): SaleEvent | null {
  return parseEvent(saleEventSchemas, recorded);
}
