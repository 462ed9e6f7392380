import {
  ONLINE_SALES_BY_MONTH_COLLECTION,
  ONLINE_SALES_BY_MONTH_PROJECTION,
  onlineSalesMonthDocumentSchema,
  saleEventSchemas,
  type OnlineSalesMonthDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';
import { saleMoment } from './sales';

type Totals = Pick<OnlineSalesMonthDocument, 'days' | 'products'>;
type SaleLine = { productId: string; name: string; quantity: number; revenueCents: number };

/**
 * The month's totals with one sale added (sign 1) or taken back (sign -1): its
 * day's count, amount and delivery fee, its products' units and revenue. A
 * day or product left with nothing is dropped, so a month reads as if the sale
 * never was.
 */
function withSale(
  totals: Totals | null,
  sale: { soldAt: string; amountCents: number; deliveryFeeCents: number; items: SaleLine[] },
  sign: 1 | -1,
): Totals {
  const { day } = saleMoment(sale.soldAt);
  const days = { ...totals?.days };
  const before = days[day] ?? { count: 0, amountCents: 0, deliveryFeeCents: 0 };
  days[day] = {
    count: before.count + sign,
    amountCents: before.amountCents + sign * sale.amountCents,
    deliveryFeeCents: before.deliveryFeeCents + sign * sale.deliveryFeeCents,
  };
  const products = { ...totals?.products };
  for (const line of sale.items) {
    const sold = products[line.productId];
    products[line.productId] = {
      // The name it was last sold under: a reversal does not rename it.
      name: sign === 1 || !sold ? line.name : sold.name,
      quantity: (sold?.quantity ?? 0) + sign * line.quantity,
      revenueCents: (sold?.revenueCents ?? 0) + sign * line.revenueCents,
    };
  }
  // Only the entries this sale touched can have come to nothing: most sales leave
  // none, and filtering every entry of the month for each sale cost a rebuild ~5%.
  const emptied =
    days[day]?.count === 0 || sale.items.some((line) => products[line.productId]?.quantity === 0);
  if (!emptied) return { days, products };
  return {
    days: Object.fromEntries(Object.entries(days).filter(([, total]) => total.count !== 0)),
    products: Object.fromEntries(
      Object.entries(products).filter(([, sold]) => sold.quantity !== 0),
    ),
  };
}

/**
 * The online sales of each shop month, added up (online_sales_by_month_v2),
 * keyed by the month the sale was sold in. A sale is added when recorded and
 * taken back from that same month when reversed (its payment refunded or
 * charged back, maybe months later): the reversal carries the sale's time,
 * amount, delivery fee and lines (a sale or reversal from before fees existed
 * has none: 0). An online sale is never amended nor deleted otherwise, so
 * a sum kept as events arrive stays right; a physical sale (which may be)
 * changes nothing here — the reports count those from the sales read model.
 */
export const onlineSalesByMonthProjection = defineProjection({
  name: ONLINE_SALES_BY_MONTH_PROJECTION,
  collection: ONLINE_SALES_BY_MONTH_COLLECTION,
  events: {
    SaleRecorded: saleEventSchemas.SaleRecorded,
    OnlineSaleReversed: saleEventSchemas.OnlineSaleReversed,
  },
  document: onlineSalesMonthDocumentSchema,
  documentId: (event) => saleMoment(event.data.soldAt).month,
  evolve(document, event, recorded): OnlineSalesMonthDocument | null {
    const month = saleMoment(event.data.soldAt).month;
    switch (event.type) {
      case 'SaleRecorded': {
        const sale = event.data;
        if (sale.source !== 'online') return document;
        const totals = withSale(
          document,
          { ...sale, deliveryFeeCents: sale.deliveryFeeCents ?? 0, items: sale.items ?? [] },
          1,
        );
        return { _id: month, ...totals, position: recorded.position };
      }
      case 'OnlineSaleReversed': {
        const reversed = event.data;
        const totals = withSale(
          document,
          { ...reversed, deliveryFeeCents: reversed.deliveryFeeCents ?? 0 },
          -1,
        );
        return { _id: month, ...totals, position: recorded.position };
      }
      default: {
        const unexpected: never = event;
        throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
