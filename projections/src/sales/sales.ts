import {
  foldForSearch,
  parseShopDateTime,
  saleDocumentSchema,
  saleEventSchemas,
  SALES_COLLECTION,
  SALES_PROJECTION,
  shopDate,
  type SaleDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/**
 * When a sale happened and the shop's day it counts on. A bare date (a counter
 * sale entered for a day) is that day in the shop, from its midnight; any other
 * time is read as an instant (a wall-clock time in the shop, or an ISO time).
 * A time that names no instant stops the projection at that event (the runner
 * reports it) rather than counting the sale on a wrong day.
 */
export function saleMoment(soldAt: string): SaleMoment {
  if (lastMoment?.soldAt !== soldAt) lastMoment = { soldAt, moment: momentOf(soldAt) };
  return lastMoment.moment;
}

export interface SaleMoment {
  readonly at: string;
  readonly day: string;
  readonly month: string;
}

/** The last sale time asked for and its moment: both sales projections ask, up to four times per event. */
let lastMoment: { soldAt: string; moment: SaleMoment } | undefined;

function momentOf(soldAt: string): SaleMoment {
  const instant =
    parseShopDateTime(dateOnly.test(soldAt) ? `${soldAt}T00:00` : soldAt) ?? anyInstant(soldAt);
  if (!instant) throw new Error(`sale time ${JSON.stringify(soldAt)} names no instant`);
  const day = dateOnly.test(soldAt) ? soldAt : shopDate(instant);
  return { at: instant.toISOString(), day, month: day.slice(0, 7) };
}

/** Other ISO spellings of an instant, with a zone (more fraction digits, say); never one read in the server's zone. */
function anyInstant(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text))
    return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * One document per sale (sales_v3), keyed by its id, with the delivery fee an
 * online sale's amount holds, and one per refund of an online sale, keyed by
 * the refund's id: the money that went back, negative, on the day it moved
 * (issue 38), so the list shows each refund on its own day and its rows add up
 * to what the shop kept. Amended sales move to their new day; deleted ones,
 * and online ones reversed by an older log (OnlineSaleReversed), are removed.
 * What an online sale sold is in the monthly documents
 * (online-sales-by-month.ts), not here.
 */
export const salesProjection = defineProjection({
  name: SALES_PROJECTION,
  collection: SALES_COLLECTION,
  events: saleEventSchemas,
  document: saleDocumentSchema,
  indexes: [
    // The admin list, newest first; the daily chart's days; the monthly report's months.
    { fields: { at: -1, _id: -1 } },
    { fields: { day: 1 } },
    { fields: { month: 1 } },
  ],
  documentId: (event) =>
    event.type === 'OnlineSaleRefunded' ? event.data.refundId : event.data.saleId,
  evolve(document, event, recorded): SaleDocument | null {
    switch (event.type) {
      case 'SaleRecorded': {
        const sale = event.data;
        return {
          _id: sale.saleId,
          kind: 'sale',
          source: sale.source,
          amountCents: sale.amountCents,
          deliveryFeeCents: sale.deliveryFeeCents ?? 0,
          clientName: sale.clientName,
          soldAt: sale.soldAt,
          ...saleMoment(sale.soldAt),
          orderId: sale.orderId ?? null,
          orderNumber: sale.orderNumber ?? null,
          searchText: foldForSearch(sale.clientName),
          position: recorded.position,
        };
      }
      case 'SaleAmended': {
        const { amountCents, clientName, soldAt } = event.data;
        return (
          document && {
            ...document,
            amountCents,
            clientName,
            soldAt,
            ...saleMoment(soldAt),
            searchText: foldForSearch(clientName),
            position: recorded.position,
          }
        );
      }
      case 'SaleDeleted':
      case 'OnlineSaleReversed':
        return null;
      case 'OnlineSaleRefunded': {
        const refund = event.data;
        return {
          _id: refund.refundId,
          kind: 'refund',
          source: 'online',
          // 0 − x, not −x: a refund without a fee keeps 0, not −0.
          amountCents: 0 - refund.amountCents,
          deliveryFeeCents: 0 - refund.deliveryFeeCents,
          clientName: refund.clientName,
          soldAt: refund.refundedAt,
          ...saleMoment(refund.refundedAt),
          orderId: refund.orderId,
          orderNumber: refund.orderNumber ?? null,
          searchText: foldForSearch(refund.clientName),
          position: recorded.position,
        };
      }
      default: {
        const unexpected: never = event;
        throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
