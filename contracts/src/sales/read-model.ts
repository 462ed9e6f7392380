import { z } from 'zod';
import { SALE_SOURCES } from './events';

/** A row of the sales list: a sale, or money of an online sale given back (issue 38). */
export const SALE_ROW_KINDS = ['sale', 'refund'] as const;
export type SaleRowKind = (typeof SALE_ROW_KINDS)[number];

/**
 * The sales read model (collection sales_v3): one document per sale, online
 * (an order paid) or physical (entered by an admin), fed by SaleRecorded,
 * SaleAmended and SaleDeleted (a deleted sale's document is removed), and one
 * per refund of an online sale (OnlineSaleRefunded, `_id` its refundId): money
 * that went back, negative, on the day it moved. It serves the admin's sales
 * list; the reports add up its physical sales at query time, over the days and
 * months indexed here, and the online ones (refunds included) from the monthly
 * documents below.
 * v2 (issue 37): documents carry the delivery fee inside the amount, so v1
 * documents are rebuilt from the log.
 * v3 (issue 38): refunds are rows of their own (`kind`, negative amounts), so
 * v2 documents, which had none, are rebuilt from the log.
 */
export const saleDocumentSchema = z.object({
  _id: z.string(),
  kind: z.enum(SALE_ROW_KINDS),
  source: z.enum(SALE_SOURCES),
  /** Negative for a refund: the money that went back. */
  amountCents: z.number().int(),
  /** The order's delivery fee, inside amountCents ('Taxa de entrega'); 0 for pickup and counter sales; negative for a refund's share. */
  deliveryFeeCents: z.number().int(),
  clientName: z.string(),
  /** When the sale happened, as recorded; for a refund, when the money went back. */
  soldAt: z.string(),
  /** The same instant in UTC (toISOString): text order is time order. */
  at: z.string(),
  /** The shop's calendar day (America/Sao_Paulo) and month the sale counts on: `YYYY-MM-DD`, `YYYY-MM`. */
  day: z.string(),
  month: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  /** The client's name folded (foldForSearch). */
  searchText: z.string(),
  /** Global position of the last event applied. */
  position: z.number().int(),
});
export type SaleDocument = z.infer<typeof saleDocumentSchema>;

export const SALES_COLLECTION = 'sales_v3';
export const SALES_PROJECTION = 'sales_v3';

/**
 * The online sales of one shop month, added up as they are recorded
 * (collection online_sales_by_month_v3, `_id` = `YYYY-MM`): per day, how many,
 * how much and how much of it was delivery fees; per product, the units and
 * revenue (items only: a fee is no product's). Sums kept as events arrive are
 * right here because an online sale is never amended nor deleted (admin-spec
 * §4: only physical sales are); the reports read a handful of these instead
 * of every online sale.
 * v2 (issue 37): each day keeps its delivery fees, so v1 documents are rebuilt
 * from the log.
 * v3 (issue 38): a refund counts as negative money on the day it moved, in
 * that day's month (its lines' revenue off the products, its fee off the
 * fees; a refund giving the sale back in full takes its units and one sale off
 * the count), so a day or product may hold less than nothing; v2 documents
 * knew no refunds and are rebuilt from the log.
 */
export const onlineSalesMonthDocumentSchema = z.object({
  _id: z.string(),
  /** By shop day (`YYYY-MM-DD`); `deliveryFeeCents` is inside `amountCents`. */
  days: z.record(
    z.string(),
    z.object({
      count: z.number().int(),
      amountCents: z.number().int(),
      deliveryFeeCents: z.number().int(),
    }),
  ),
  /** By product id: the name it was last sold under, units and revenue. */
  products: z.record(
    z.string(),
    z.object({ name: z.string(), quantity: z.number().int(), revenueCents: z.number().int() }),
  ),
  /** Global position of the last event applied. */
  position: z.number().int(),
});
export type OnlineSalesMonthDocument = z.infer<typeof onlineSalesMonthDocumentSchema>;

export const ONLINE_SALES_BY_MONTH_COLLECTION = 'online_sales_by_month_v3';
export const ONLINE_SALES_BY_MONTH_PROJECTION = 'online_sales_by_month_v3';
