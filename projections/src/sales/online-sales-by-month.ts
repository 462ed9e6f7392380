import {
  ONLINE_SALES_BY_MONTH_COLLECTION,
  ONLINE_SALES_BY_MONTH_PROJECTION,
  onlineSalesMonthDocumentSchema,
  saleEventSchemas,
  type OnlineSalesMonthDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';
import { saleMoment } from './sales';

/**
 * The online sales of each shop month, added up (online_sales_by_month_v1).
 * Only SaleRecorded is read: an online sale is never amended nor deleted, so a
 * sum kept as sales arrive stays right; a physical sale (which may be) changes
 * nothing here — the reports count those from the sales read model.
 */
export const onlineSalesByMonthProjection = defineProjection({
  name: ONLINE_SALES_BY_MONTH_PROJECTION,
  collection: ONLINE_SALES_BY_MONTH_COLLECTION,
  events: { SaleRecorded: saleEventSchemas.SaleRecorded },
  document: onlineSalesMonthDocumentSchema,
  documentId: (event) => saleMoment(event.data.soldAt).month,
  evolve(document, event, recorded): OnlineSalesMonthDocument | null {
    const sale = event.data;
    if (sale.source !== 'online') return document;
    const { day, month } = saleMoment(sale.soldAt);
    const days = { ...document?.days };
    const before = days[day] ?? { count: 0, amountCents: 0 };
    days[day] = { count: before.count + 1, amountCents: before.amountCents + sale.amountCents };
    const products = { ...document?.products };
    for (const line of sale.items ?? []) {
      const sold = products[line.productId] ?? { name: line.name, quantity: 0, revenueCents: 0 };
      products[line.productId] = {
        name: line.name,
        quantity: sold.quantity + line.quantity,
        revenueCents: sold.revenueCents + line.revenueCents,
      };
    }
    return { _id: month, days, products, position: recorded.position };
  },
});
