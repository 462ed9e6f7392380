import { Router } from 'express';
import {
  adminSalesQuerySchema,
  centsToReais,
  chartStart,
  dailyChart,
  dayTotals,
  formatShopDayTime,
  messages,
  monthKey,
  monthlyReport,
  monthlyReportQuerySchema,
  ONLINE_SALES_BY_MONTH_COLLECTION,
  ONLINE_SALES_BY_MONTH_PROJECTION,
  onlineSalesMonthDocumentSchema,
  previousMonth,
  productTotals,
  SALE_KIND_LABELS,
  SALE_SOURCE_LABELS,
  saleDocumentSchema,
  SALES_COLLECTION,
  SALES_PROJECTION,
  salesStats,
  shopDate,
  yearMonthOf,
  type AdminSalesQuery,
  type DayTotal,
  type MonthlyReport,
  type OnlineSalesMonthDocument,
  type SaleDocument,
  type SaleDto,
  type SaleList,
  type SalesStats,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import type { Filter, ReadCollection, ReadStore } from '@quitute/infra/read-store';
import { pageOf, positionedReads, searchTextFilter, sendAdminAnswer } from '../admin/reads';
import { csvMoney, MAX_CSV_ROWS, sendCsv, toCsv, type CsvCell } from '../shared/csv';

/**
 * A sale on the admin pages (admin-spec §3): amount in reais, origin as the
 * wire spells it; a refund (issue 38) on the day the money moved, negative.
 */
export function toSaleDto(sale: SaleDocument): SaleDto {
  return {
    id: sale._id,
    date: sale.soldAt,
    clientName: sale.clientName,
    amount: centsToReais(sale.amountCents),
    source: SALE_SOURCE_LABELS[sale.source],
    kind: sale.kind,
    ...(sale.orderNumber === null ? {} : { orderNumber: sale.orderNumber }),
  };
}

/** The sales list's order: newest first, the id breaking ties. */
const NEWEST_SALES_FIRST = { at: -1, _id: -1 } as const;

function salesFilter(query: AdminSalesQuery): Filter {
  return {
    ...(query.source ? { source: query.source } : {}),
    ...(query.search ? searchTextFilter(query.search) : {}),
  };
}

/** The sales list's columns (admin-spec §3), and what the list shows beside the origin. */
export const SALES_CSV_HEADER = [
  'ID/Nº',
  'Data',
  'Cliente',
  'Valor (R$)',
  'Origem',
  'Tipo',
  'Pedido',
] as const;
const SOURCE_NAMES = { online: 'Online', physical: 'Físico' } as const;

/** One sale as a row of the sales export: its number as the list shows it (last 6 characters of the id, uppercased). */
export function saleCsvRow(sale: SaleDocument): CsvCell[] {
  return [
    sale._id.slice(-6).toUpperCase(),
    formatShopDayTime(new Date(sale.at)),
    sale.clientName,
    csvMoney(sale.amountCents),
    SOURCE_NAMES[sale.source],
    SALE_KIND_LABELS[sale.kind],
    sale.orderNumber,
  ];
}

/** The two read models every sales figure is added up from. */
export const SALES_FIGURE_PROJECTIONS = [SALES_PROJECTION, ONLINE_SALES_BY_MONTH_PROJECTION];

async function physicalSales(sales: ReadCollection, filter: Filter): Promise<SaleDocument[]> {
  const found = await sales.find({ ...filter, source: 'physical' });
  return found.map((document) => saleDocumentSchema.parse(document));
}

/**
 * What the sales figures add up: the online months named (every one without
 * `months`), and the day totals of those months with the physical sales
 * matching `physical` (a day or month filter of the sales read model).
 */
export function salesFigures(readStore: ReadStore) {
  const sales = readStore.collection(SALES_COLLECTION);
  const onlineMonths = readStore.collection(ONLINE_SALES_BY_MONTH_COLLECTION);
  const months = async (keys?: readonly string[]): Promise<OnlineSalesMonthDocument[]> => {
    const found = await onlineMonths.find(keys ? { _id: { $in: [...keys] } } : {});
    return found.map((document) => onlineSalesMonthDocumentSchema.parse(document));
  };
  return {
    months,
    physical: (filter: Filter) => physicalSales(sales, filter),
    async dayTotals(keys: readonly string[] | undefined, physical: Filter): Promise<DayTotal[]> {
      const [online, counter] = await Promise.all([months(keys), physicalSales(sales, physical)]);
      return dayTotals(online, counter);
    },
  };
}

/**
 * GET /api/admin/sales, /stats, /daily-chart and /monthly-report, behind the
 * admin guard (app.ts): the list from the sales read model, the figures from
 * it (physical sales as amended, deleted ones never) and from the online
 * months (paid orders, even if the order was deleted later). Months and days
 * are the shop's (America/Sao_Paulo).
 */
export function adminSalesRoutes(deps: { readStore: ReadStore; now: () => Date }): Router {
  const sales = deps.readStore.collection(SALES_COLLECTION);
  const figures = salesFigures(deps.readStore);
  const listAt = positionedReads(deps.readStore, [SALES_PROJECTION]);
  const figuresAt = positionedReads(deps.readStore, SALES_FIGURE_PROJECTIONS);
  const router = Router();

  router.get('/api/admin/sales', async (req, res) => {
    const query = parseWith(adminSalesQuerySchema, req.query, messages.invalidSearch);
    const { answer, position } = await listAt(() =>
      pageOf(sales, salesFilter(query), NEWEST_SALES_FIRST, query, (document) =>
        saleDocumentSchema.parse(document),
      ),
    );
    sendAdminAnswer(res, position, {
      sales: answer.documents.map(toSaleDto),
      totalPages: answer.totalPages,
      total: answer.total,
      page: answer.page,
      position,
    } satisfies SaleList);
  });

  // Issue 40: the list's filters, every matching sale (up to MAX_CSV_ROWS), for Excel.
  router.get('/api/admin/sales.csv', async (req, res) => {
    const query = parseWith(adminSalesQuerySchema, req.query, messages.invalidSearch);
    const { answer } = await listAt(() =>
      sales.find(salesFilter(query), { sort: NEWEST_SALES_FIRST, limit: MAX_CSV_ROWS }),
    );
    const rows = answer.map((document) => saleCsvRow(saleDocumentSchema.parse(document)));
    sendCsv(res, `vendas-${shopDate(deps.now())}.csv`, toCsv(SALES_CSV_HEADER, rows));
  });

  router.get('/api/admin/sales/stats', async (_req, res) => {
    const today = shopDate(deps.now());
    const { answer, position } = await figuresAt(() => figures.dayTotals(undefined, {}));
    sendAdminAnswer(res, position, {
      ...salesStats(answer, today),
      position,
    } satisfies SalesStats);
  });

  router.get('/api/admin/sales/daily-chart', async (_req, res) => {
    const today = shopDate(deps.now());
    const from = chartStart(today);
    const months = [...new Set([from.slice(0, 7), today.slice(0, 7)])];
    const { answer, position } = await figuresAt(() =>
      figures.dayTotals(months, { day: { $gte: from } }),
    );
    sendAdminAnswer(res, position, dailyChart(answer, today));
  });

  router.get('/api/admin/sales/monthly-report', async (req, res) => {
    const today = shopDate(deps.now());
    const asked = parseWith(monthlyReportQuerySchema(yearMonthOf(today)), req.query);
    const months = [monthKey(asked), monthKey(previousMonth(asked))];
    const { answer, position } = await figuresAt(async () => {
      const [online, counter] = await Promise.all([
        figures.months(months),
        figures.physical({ month: { $in: months } }),
      ]);
      const products = productTotals(online.filter((month) => month._id === months[0]));
      return monthlyReport(dayTotals(online, counter), products, asked, today);
    });
    sendAdminAnswer(res, position, { ...answer, position } satisfies MonthlyReport);
  });

  return router;
}
