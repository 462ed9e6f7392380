import { cartCheckedOutSchema } from '../cart/events';
import { orderEventSchemas } from '../ordering/events';
import { saleEventSchemas } from '../sales/events';
import type { EventOf } from '../shared/events';
import { paymentEventSchemas } from './events';

/**
 * The events an order's payment process follows (command-api's process
 * manager): an order's, its payment's, its online sale (and its reversal),
 * its cart's check-out; since issue 38 its sale's refunds.
 */
export const orderProcessEventSchemas = {
  OrderPlaced: orderEventSchemas.OrderPlaced,
  OrderPaid: orderEventSchemas.OrderPaid,
  OrderStatusChanged: orderEventSchemas.OrderStatusChanged,
  OrderCancelled: orderEventSchemas.OrderCancelled,
  ...paymentEventSchemas,
  SaleRecorded: saleEventSchemas.SaleRecorded,
  OnlineSaleReversed: saleEventSchemas.OnlineSaleReversed,
  OnlineSaleRefunded: saleEventSchemas.OnlineSaleRefunded,
  CartCheckedOut: cartCheckedOutSchema,
} as const;
export type OrderProcessEvent = EventOf<typeof orderProcessEventSchemas>;
