import { parseEvent, saleEventSchemas, type SaleEvent } from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';
import type { PlacedOrder } from './order-decider';

/** An online sale (stream sale-<orderId>): recorded once, when its order was paid. */
export interface OnlineSaleState {
  recorded: boolean;
}

export type OnlineSaleCommand = { type: 'RecordOnlineSale'; order: PlacedOrder; soldAt: string };

export const onlineSaleDecider: Decider<OnlineSaleState, OnlineSaleCommand, SaleEvent> = {
  initialState: { recorded: false },

  evolve: () => ({ recorded: true }),

  decide(command, state) {
    if (state.recorded) return [];
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
        },
      },
    ];
  },
};

export function parseSaleEvent(recorded: RecordedEvent): SaleEvent | null {
  return parseEvent(saleEventSchemas, recorded.type, recorded.data);
}
