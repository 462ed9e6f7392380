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

/** What one event changes in a month: a day's figures and its products'. */
interface MonthChange {
  day: string;
  count: number;
  amountCents: number;
  deliveryFeeCents: number;
  /** Units and revenue added to each product (negative to take them off). */
  items: readonly SaleLine[];
  /** A sale names its products anew; money going back does not rename them. */
  names: boolean;
}

const nothing = (total: { count: number; amountCents: number; deliveryFeeCents: number }) =>
  total.count === 0 && total.amountCents === 0 && total.deliveryFeeCents === 0;

/**
 * The month's totals with one change added. A day or product left with
 * nothing at all is dropped, so a month reads as if a sale reversed never
 * was; one left with less than nothing (a refund of an earlier month's sale)
 * stays: it lowers the month.
 */
function withChange(totals: Totals | null, change: MonthChange): Totals {
  const { day } = change;
  const days = { ...totals?.days };
  const before = days[day] ?? { count: 0, amountCents: 0, deliveryFeeCents: 0 };
  days[day] = {
    count: before.count + change.count,
    amountCents: before.amountCents + change.amountCents,
    deliveryFeeCents: before.deliveryFeeCents + change.deliveryFeeCents,
  };
  const products = { ...totals?.products };
  for (const line of change.items) {
    const sold = products[line.productId];
    products[line.productId] = {
      name: change.names || !sold ? line.name : sold.name,
      quantity: (sold?.quantity ?? 0) + line.quantity,
      revenueCents: (sold?.revenueCents ?? 0) + line.revenueCents,
    };
  }
  // Only the entries this change touched can have come to nothing: most leave
  // none, and filtering every entry of the month for each sale cost a rebuild ~5%.
  const emptied =
    nothing(days[day]) ||
    change.items.some((line) => {
      const sold = products[line.productId];
      return sold?.quantity === 0 && sold.revenueCents === 0;
    });
  if (!emptied) return { days, products };
  return {
    days: Object.fromEntries(Object.entries(days).filter(([, total]) => !nothing(total))),
    products: Object.fromEntries(
      Object.entries(products).filter(([, sold]) => sold.quantity !== 0 || sold.revenueCents !== 0),
    ),
  };
}

const negated = (items: readonly SaleLine[]): SaleLine[] =>
  items.map((line) => ({
    ...line,
    quantity: 0 - line.quantity,
    revenueCents: 0 - line.revenueCents,
  }));

/** The month an event counts in: a sale's (or an older reversal's) month, a refund's own. */
function monthOf(event: { type: string; data: { soldAt: string } | { refundedAt: string } }) {
  return saleMoment('refundedAt' in event.data ? event.data.refundedAt : event.data.soldAt).month;
}

/**
 * The online sales of each shop month, added up (online_sales_by_month_v3).
 * A sale is added to the month it was paid in. Money going back (issue 38:
 * OnlineSaleRefunded, a refund or a chargeback, whole or partial) is taken off
 * the month it moved in, on that day: its amount, its fee, its lines' revenue
 * and, when it gives the sale back in full (`final`), the lines' units and
 * the sale itself from the day's count — so a refund in March lowers March,
 * not January. An older log's OnlineSaleReversed takes the whole sale back
 * from its own month and day, as it always did (a sale or reversal from
 * before fees existed has none: 0). An online sale is never amended nor
 * deleted otherwise, so a sum kept as events arrive stays right; a physical
 * sale (which may be) changes nothing here — the reports count those from the
 * sales read model.
 */
export const onlineSalesByMonthProjection = defineProjection({
  name: ONLINE_SALES_BY_MONTH_PROJECTION,
  collection: ONLINE_SALES_BY_MONTH_COLLECTION,
  events: {
    SaleRecorded: saleEventSchemas.SaleRecorded,
    OnlineSaleReversed: saleEventSchemas.OnlineSaleReversed,
    OnlineSaleRefunded: saleEventSchemas.OnlineSaleRefunded,
  },
  document: onlineSalesMonthDocumentSchema,
  documentId: monthOf,
  evolve(document, event, recorded): OnlineSalesMonthDocument | null {
    const month = monthOf(event);
    const changed = (change: MonthChange): OnlineSalesMonthDocument => ({
      _id: month,
      ...withChange(document, change),
      position: recorded.position,
    });
    switch (event.type) {
      case 'SaleRecorded': {
        const sale = event.data;
        if (sale.source !== 'online') return document;
        return changed({
          day: saleMoment(sale.soldAt).day,
          count: 1,
          amountCents: sale.amountCents,
          deliveryFeeCents: sale.deliveryFeeCents ?? 0,
          items: sale.items ?? [],
          names: true,
        });
      }
      case 'OnlineSaleReversed': {
        const reversed = event.data;
        return changed({
          day: saleMoment(reversed.soldAt).day,
          count: -1,
          amountCents: 0 - reversed.amountCents,
          deliveryFeeCents: 0 - (reversed.deliveryFeeCents ?? 0),
          items: negated(reversed.items),
          names: false,
        });
      }
      case 'OnlineSaleRefunded': {
        const refund = event.data;
        return changed({
          day: saleMoment(refund.refundedAt).day,
          count: refund.final ? -1 : 0,
          amountCents: 0 - refund.amountCents,
          deliveryFeeCents: 0 - refund.deliveryFeeCents,
          items: negated(refund.items),
          names: false,
        });
      }
      default: {
        const unexpected: never = event;
        throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
