import { cartCheckedOutSchema } from '../cart/events';
import { orderEventSchemas } from '../ordering/events';
import { saleEventSchemas } from '../sales/events';
import type { EventOf } from '../shared/events';
import { paymentEventSchemas } from './events';

/**
 * The events an order's payment process follows (command-api's process
 * manager): an order's, its payment's, its online sale (and its reversal),
 * its cart's check-out.
 */
export const orderProcessEventSchemas = {
  OrderPlaced: orderEventSchemas.OrderPlaced,
  OrderPaid: orderEventSchemas.OrderPaid,
  OrderStatusChanged: orderEventSchemas.OrderStatusChanged,
  OrderCancelled: orderEventSchemas.OrderCancelled,
  ...paymentEventSchemas,
  SaleRecorded: saleEventSchemas.SaleRecorded,
  OnlineSaleReversed: saleEventSchemas.OnlineSaleReversed,
  CartCheckedOut: cartCheckedOutSchema,
} as const;
export type OrderProcessEvent = EventOf<typeof orderProcessEventSchemas>;
