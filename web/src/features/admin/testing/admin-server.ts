import type {
  AdminNotificationDto,
  AdminOrderDto,
  AdminScheduleDto,
  ProductionDto,
  AdminProductDto,
  AdminShopSettingsDto,
  AdminUserDto,
  DailyChartPoint,
  DailySalesPoint,
  EventLogEntry,
  HistoryEntry,
  MonthlyReport,
  OrderDocument,
  RecentOrder,
  SaleDto,
  TopSellingProduct,
} from '@quitute/contracts';
import {
  ADMIN_NOTIFICATIONS_PAGE_SIZE,
  adminRefundBodySchema,
  notificationMessages,
  centsToReais,
  EVENT_STREAM_PAGE_SIZE,
  formatBRL,
  messages,
  reaisToCents,
  refundMessages,
  type AdminRefundResult,
  type RefundStatus,
  kitchenScheduleBodySchema,
  scheduleMessages,
  scheduleHoursText,
  shopSettingsBodySchema,
  shopSettingsToAdminFields,
} from '@quitute/contracts';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { orderDto } from '../../../testing/payments-server';
import { admin, profileBody, type AuthUser } from '../../../testing/session';
import { kitchenSchedule, scheduleAnswer } from '../../../testing/schedule';
import { adminShopSettingsDto } from '../../../testing/shop-settings';

export function productDto(overrides: Partial<AdminProductDto> = {}): AdminProductDto {
  return {
    _id: '5f0c2a7e-1111-4aaa-8bbb-000000000001',
    name: 'Coxinha de Frango',
    category: 'Salgados Fritos',
    price: 0.6,
    stock: 120,
    status: 'Ativo',
    isActive: true,
    imageUrl: null,
    description: 'Massa de batata e frango desfiado.',
    isDeleted: false,
    ...overrides,
  };
}

/** An order as the admin reads it: the customer's shape, what may still be refunded and the refunds asked. */
export function adminOrderDto(overrides: Partial<AdminOrderDto> = {}): AdminOrderDto {
  return { ...orderDto(), refundable: 0, refundAttempts: [], ...overrides };
}

export function userDto(overrides: Partial<AdminUserDto> = {}): AdminUserDto {
  return {
    id: '9b2d6f10-2222-4ccc-8ddd-000000000001',
    name: 'Maria da Silva',
    email: 'maria@example.com',
    phone: '11987654321',
    address: 'Rua das Flores, 123',
    role: 'user',
    createdAt: '2030-10-01T12:00:00.000Z',
    preferences: { notifications: { email: true, sms: false } },
    ...overrides,
  };
}

export function saleDto(overrides: Partial<SaleDto> = {}): SaleDto {
  return {
    id: 'c0ffee00-3333-4eee-8fff-00000000ab12',
    date: '2030-11-20T15:00:00.000Z',
    clientName: 'João Souza',
    amount: 150.5,
    source: 'Fisico',
    kind: 'sale',
    ...overrides,
  };
}

export function monthlyReport(overrides: Partial<MonthlyReport> = {}): MonthlyReport {
  return {
    year: 2030,
    month: 11,
    totalRevenue: 1234.5,
    deliveryFees: 0,
    productRevenue: 1234.5,
    totalSales: 12,
    averageTicket: 102.88,
    bestDay: { date: '2030-11-15', revenue: 400, sales: 3 },
    growthComparison: {
      previousMonth: { totalRevenue: 1000, totalSales: 10 },
      growthPercentage: { revenue: 23.45, sales: -3 },
    },
    dailyBreakdown: [
      { day: 1, revenue: 100 },
      { day: 2, revenue: 0 },
    ],
    weekdayAnalysis: [
      { weekday: 'Dom', avgRevenue: 10 },
      { weekday: 'Seg', avgRevenue: 20 },
    ],
    topProducts: [
      { productName: 'Brigadeiro', quantity: 200, revenue: 140 },
      { productName: 'Kit Festa 3', quantity: 1, revenue: 420 },
    ],
    topProductsByRevenue: [
      { productName: 'Kit Festa 3', quantity: 1, revenue: 420 },
      { productName: 'Brigadeiro', quantity: 200, revenue: 140 },
    ],
    position: 7,
    ...overrides,
  };
}

/** An order as the orders read model holds it (the history's `state`). */
export function orderDocument(overrides: Partial<OrderDocument> = {}): OrderDocument {
  return {
    _id: 'a3f1c2d4-0000-4000-8000-000000000001',
    orderNumber: 1001,
    userId: '7d1b3b8e-2f7a-4a34-9d3e-0c5b1f6f2a11',
    customerName: 'Maria da Silva',
    customerEmail: 'maria@example.com',
    customerPhone: '11987654321',
    customerCpf: '52998224725',
    notes: '',
    items: [
      {
        productId: '5f0c2a7e-1111-4aaa-8bbb-000000000001',
        name: 'Coxinha de Frango',
        category: 'Salgados Fritos',
        unitPriceCents: 60,
        quantity: 50,
      },
    ],
    totalCents: 3000,
    deliveryFeeCents: 0,
    deliveryZone: null,
    orderStatus: 'pending',
    paymentStatus: 'pending',
    paymentMethod: 'pix',
    paymentId: 'c4a7e0b2-5555-4aaa-8bbb-000000000001',
    providerPaymentId: null,
    providerStatus: null,
    statusDetail: null,
    deliveryType: 'pickup',
    deliveryDate: '2030-11-25T14:30:00-03:00',
    address: null,
    createdAt: '2030-11-20T13:05:00.000Z',
    updatedAt: '2030-11-20T13:05:00.000Z',
    paidAt: null,
    cancelledAt: null,
    cancelReason: null,
    refundedAfterCancel: false,
    paidCents: 0,
    refunds: [],
    refundedCents: 0,
    chargeback: null,
    providerRefund: null,
    pix: null,
    boleto: null,
    paymentExpiresAt: null,
    isDeleted: false,
    searchText: '1001 maria da silva maria@example.com',
    position: 10,
    ...overrides,
  };
}

/** One step of an order's history (GET /api/admin/orders/{id}/history). */
export function historyEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    position: 10,
    stream: 'order-a3f1c2d4-0000-4000-8000-000000000001',
    revision: 0,
    eventId: 'e0000000-0000-4000-8000-000000000010',
    type: 'OrderPlaced',
    occurredAt: '2030-11-20T13:05:00.000Z',
    actor: { id: '7d1b3b8e-2f7a-4a34-9d3e-0c5b1f6f2a11', role: 'user', name: 'Maria da Silva' },
    correlationId: 'c0000000-0000-4000-8000-000000000001',
    causationId: 'c0000000-0000-4000-8000-000000000001',
    description: 'Pedido realizado',
    state: orderDocument(),
    ...overrides,
  };
}

/** One notification as GET /api/admin/notifications answers it: a failed e-mail to a customer. */
export function notificationDto(
  overrides: Partial<AdminNotificationDto> = {},
): AdminNotificationDto {
  return {
    id: '6a1d2c3b-7777-4aaa-8bbb-000000000001',
    kind: 'order_received',
    channel: 'email',
    status: 'failed',
    attempts: 5,
    lastError: '550 5.1.1 mailbox unavailable',
    interrupted: false,
    nextAttemptAt: null,
    createdAt: '2030-11-20T13:05:00.000Z',
    updatedAt: '2030-11-20T15:05:00.000Z',
    sentAt: null,
    orderId: 'a3f1c2d4-0000-4000-8000-000000000001',
    orderNumber: 1001,
    customer: {
      id: '7d1b3b8e-2f7a-4a34-9d3e-0c5b1f6f2a11',
      name: 'Maria da Silva',
      email: 'maria@example.com',
    },
    ...overrides,
  };
}

/** One stored event as GET /api/admin/events answers it. */
export function logEvent(overrides: Partial<EventLogEntry> = {}): EventLogEntry {
  return {
    position: 0,
    stream: 'order-a3f1c2d4-0000-4000-8000-000000000001',
    revision: 0,
    eventId: 'e0000000-0000-4000-8000-000000000000',
    type: 'OrderPlaced',
    data: { orderId: 'a3f1c2d4-0000-4000-8000-000000000001' },
    metadata: {
      correlationId: 'c0000000-0000-4000-8000-000000000001',
      causationId: 'c0000000-0000-4000-8000-000000000001',
      actorId: '7d1b3b8e-2f7a-4a34-9d3e-0c5b1f6f2a11',
      actorRole: 'user',
      occurredAt: '2030-11-20T13:05:00.000Z',
    },
    ...overrides,
  };
}

type Handler = (url: URL, request: Request) => Response | undefined | Promise<Response | undefined>;

export interface AdminServerOptions {
  user?: AuthUser;
  products?: AdminProductDto[];
  orders?: AdminOrderDto[];
  users?: AdminUserDto[];
  sales?: SaleDto[];
  recentOrders?: RecentOrder[];
  topProducts?: TopSellingProduct[];
  dailySales?: DailySalesPoint[];
  dailyChart?: DailyChartPoint[];
  report?: MonthlyReport;
  /** Each order's history, by order id, oldest first. */
  histories?: Record<string, HistoryEntry[]>;
  /** The global event log, by position. */
  events?: EventLogEntry[];
  /** Events per page of one stream (the server's EVENT_STREAM_PAGE_SIZE by default). */
  streamPageSize?: number;
  /**
   * How the provider answers a refund (POST /api/admin/orders/{id}/refund and
   * its retry): completed (201, the default), pending (202) or failed (502).
   */
  refundOutcome?: RefundStatus;
  /** The shop's settings document (GET/PUT /api/admin/shop, GET /api/shop). */
  shop?: AdminShopSettingsDto;
  /** The kitchen's calendar (GET/PUT /api/admin/schedule); the default one, never saved, without. */
  schedule?: AdminScheduleDto;
  /** Units the orders hold per date (GET /api/schedule/availability). */
  reservedUnits?: Record<string, number>;
  /** GET /api/admin/production's answers, by date (an empty day without). */
  production?: Record<string, ProductionDto>;
  /** What the shop told whom (GET /api/admin/notifications), newest first. */
  notifications?: AdminNotificationDto[];
  /** Answers first; return undefined to let the fake answer. */
  handler?: Handler;
}

/** GET /api/admin/schedule's answer before any save: the default calendar. */
export function adminScheduleDto(overrides: Partial<AdminScheduleDto> = {}): AdminScheduleDto {
  return { ...kitchenSchedule(), updatedAt: null, updatedBy: null, position: 0, ...overrides };
}

/** A day without orders, as GET /api/admin/production answers it. */
export function emptyProduction(date: string): ProductionDto {
  return { date, totals: [], units: 0, capacityUnits: null, slots: [], orderCount: 0 };
}

/** What the CSV exports answer: the BOM, `;` separators, CRLF (as query-api writes them). */
export function csvAnswer(filename: string, rows: string[][]): Response {
  const body = `\uFEFF${rows.map((row) => row.join(';')).join('\r\n')}\r\n`;
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

const PAGE_SIZE = 10;

function page<T>(items: T[], url: URL) {
  const pageNumber = Number(url.searchParams.get('page') ?? '1');
  const limit = Number(url.searchParams.get('limit') ?? String(PAGE_SIZE));
  const totalPages = Math.max(1, Math.ceil(items.length / limit));
  return {
    items: items.slice((pageNumber - 1) * limit, pageNumber * limit),
    totalPages,
    total: items.length,
    page: pageNumber,
  };
}

/** The history up to `asOf` or `position` (all of it without), as query-api answers it. */
function historyAnswer(
  orderId: string,
  entries: HistoryEntry[],
  q: URLSearchParams,
  position: number,
) {
  const asOf = q.get('asOf');
  const asked = q.get('position');
  const atPosition = asked === null ? null : Number(asked);
  const until = asOf ? Date.parse(asOf) : Number.POSITIVE_INFINITY;
  const seen = entries.filter(
    (entry) =>
      Date.parse(entry.occurredAt) <= until &&
      (atPosition === null || entry.position <= atPosition),
  );
  return {
    orderId,
    orderNumber: entries.find((entry) => entry.state)?.state?.orderNumber ?? 0,
    asOf,
    atPosition,
    entries: seen,
    state: seen.at(-1)?.state ?? null,
    position,
  };
}

/** A page of the log from `from`, with the filters of GET /api/admin/events. */
function eventLogAnswer(events: EventLogEntry[], q: URLSearchParams, position: number) {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const time = (key: string, fallback: number) => {
    const value = q.get(key);
    return value ? Date.parse(value) : fallback;
  };
  const from = Number(q.get('from') ?? '0');
  const limit = Number(q.get('limit') ?? '50');
  const since = time('since', Number.NEGATIVE_INFINITY);
  const until = time('until', Number.POSITIVE_INFINITY);
  const found = events.filter((event) => {
    const occurredAt = Date.parse(text(event.metadata['occurredAt']));
    return (
      event.position >= from &&
      (!q.get('stream') || event.stream === q.get('stream')) &&
      (!q.get('category') || event.stream.split('-')[0] === q.get('category')) &&
      (!q.get('type') || event.type === q.get('type')) &&
      (!q.get('actorId') || event.metadata['actorId'] === q.get('actorId')) &&
      occurredAt >= since &&
      occurredAt <= until
    );
  });
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page,
    next: found.length > limit && last ? last.position + 1 : null,
    position,
  };
}

function matches(search: string | null, ...fields: string[]): boolean {
  if (!search) return true;
  return fields.some((field) => field.toLowerCase().includes(search.toLowerCase()));
}

/**
 * The admin API as query-api and command-api answer it (admin-spec §7), over
 * lists held in memory: filters, pages of 10, stats and the mutations, each
 * write answering with a rising position.
 */
export function fakeAdminServer(options: AdminServerOptions = {}) {
  const state = {
    products: [...(options.products ?? [])],
    orders: [...(options.orders ?? [])],
    users: [...(options.users ?? [])],
    sales: [...(options.sales ?? [])],
    shop: options.shop ?? adminShopSettingsDto(),
    notifications: [...(options.notifications ?? [])],
    schedule: options.schedule ?? adminScheduleDto(),
    /** How the provider answers the next refund (a test may change it between two). */
    refundOutcome: options.refundOutcome ?? ('completed' as RefundStatus),
    position: 100,
  };
  const written = () => {
    state.position += 1;
    return json({ message: 'ok', position: state.position });
  };
  const body = async (request: Request): Promise<Record<string, unknown>> => {
    const parsed: unknown = await request.clone().json();
    return typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
  };
  let nextId = 1;
  const newId = () => `f00d0000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;

  /** Answers by Idempotency-Key, as command-api replays a refund asked again. */
  const refundsByKey = new Map<string, { status: number; body: AdminRefundResult }>();
  const refundAnswer = (refund: AdminRefundResult) => ({
    status: refund.status === 'completed' ? 201 : refund.status === 'pending' ? 202 : 502,
    body: refund,
  });
  /** Records a refund's outcome on its order as the orders read model would. */
  const settle = (orderId: string, refundId: string, status: RefundStatus, asked: boolean) => {
    state.orders = state.orders.map((order) => {
      if (order._id !== orderId) return order;
      const attempt = order.refundAttempts.find((refund) => refund.refundId === refundId);
      if (!attempt) return order;
      const cents = reaisToCents(attempt.amount);
      const held = asked && status !== 'failed' ? cents : 0;
      const returned = status === 'completed' ? cents : 0;
      return {
        ...order,
        refundable: centsToReais(reaisToCents(order.refundable) - held),
        refundedTotal: centsToReais(reaisToCents(order.refundedTotal) + returned),
        refunds:
          status === 'completed'
            ? [...order.refunds, { amount: attempt.amount, at: attempt.at, reason: attempt.reason }]
            : order.refunds,
        refundAttempts: order.refundAttempts.map((refund) =>
          refund.refundId === refundId
            ? {
                ...refund,
                status,
                detail: status === 'failed' ? 'Falha no sistema de pagamento.' : null,
              }
            : refund,
        ),
      };
    });
  };
  const refundResult = (refundId: string, amount: number, status: RefundStatus) => {
    state.position += 1;
    const money = formatBRL(amount);
    return {
      refundId,
      amount,
      status,
      message:
        status === 'completed'
          ? refundMessages.completed(money)
          : status === 'pending'
            ? refundMessages.pending(money)
            : refundMessages.providerFailed,
      position: state.position,
    };
  };

  const answer: Handler = async (url, request) => {
    const custom = await options.handler?.(url, request);
    if (custom) return custom;
    const path = url.pathname;
    const method = request.method;
    const q = url.searchParams;

    if (method === 'GET') {
      const publicSchedule = scheduleAnswer(url, {
        calendar: state.schedule,
        reserved: options.reservedUnits ?? {},
      });
      if (publicSchedule) return publicSchedule;
      if (path === '/api/admin/schedule') return json(state.schedule);
      if (path === '/api/admin/production') {
        const date = q.get('date') ?? '';
        return json(options.production?.[date] ?? emptyProduction(date));
      }
      if (path === '/api/shop') {
        const { updatedAt: _at, updatedBy: _by, position: _position, ...settings } = state.shop;
        // Issue 40: the hours every page tells are the kitchen calendar's.
        return json({ ...settings, openingHoursText: scheduleHoursText(state.schedule) });
      }
      if (path === '/api/admin/shop') return json(state.shop);
      if (path === '/api/admin/notifications') {
        const status = q.get('status');
        const found = state.notifications.filter((n) => !status || n.status === status);
        const pageNumber = Number(q.get('page') ?? '1');
        const size = ADMIN_NOTIFICATIONS_PAGE_SIZE;
        return json({
          notifications: found.slice((pageNumber - 1) * size, pageNumber * size),
          total: found.length,
          page: pageNumber,
          pages: Math.max(1, Math.ceil(found.length / size)),
        });
      }
      if (path === '/api/admin/dashboard/recent-orders') return json(options.recentOrders ?? []);
      if (path === '/api/admin/dashboard/top-selling-products') {
        return json(options.topProducts ?? []);
      }
      if (path === '/api/admin/dashboard/orders-today') {
        return json({ count: state.orders.length, position: state.position });
      }
      if (path === '/api/admin/dashboard/sales-today') {
        return json({ total: 0, position: state.position });
      }
      if (path === '/api/admin/dashboard/sales-month') {
        return json({
          total: state.sales.reduce((sum, sale) => sum + sale.amount, 0),
          position: state.position,
        });
      }
      if (path === '/api/admin/dashboard/daily-sales') return json(options.dailySales ?? []);

      if (path === '/api/admin/products/stats') {
        return json({
          totalProducts: state.products.length,
          activeProducts: state.products.filter((p) => p.isActive).length,
          lowStockProducts: state.products.filter((p) => p.stock < 10).length,
          deletedProducts: 0,
          position: state.position,
        });
      }
      if (path === '/api/admin/products') {
        const found = state.products.filter(
          (p) =>
            matches(q.get('search'), p.name) &&
            (!q.get('category') || p.category === q.get('category')),
        );
        const { items, ...rest } = page(found, url);
        return json({ products: items, ...rest, position: state.position });
      }

      if (path === '/api/admin/orders/stats') {
        const count = (status: string) =>
          state.orders.filter((o) => o.orderStatus === status).length;
        return json({
          totalOrders: state.orders.length,
          pendingOrders: count('pending'),
          processingOrders: count('processing'),
          deliveredOrders: count('delivered'),
          cancelledOrders: count('cancelled'),
          position: state.position,
        });
      }
      if (path === '/api/admin/orders' || path === '/api/admin/orders.csv') {
        const deliveryDate = q.get('deliveryDate');
        const found = state.orders.filter(
          (o) =>
            matches(q.get('search'), String(o.orderNumber), o.customerName) &&
            (!q.get('orderStatus') || o.orderStatus === q.get('orderStatus')) &&
            (!deliveryDate || o.deliveryDate.startsWith(deliveryDate)),
        );
        const sort = q.get('sort') ?? 'createdAt_desc';
        const sorted = [...found].sort((a, b) =>
          sort === 'deliveryDate_asc'
            ? a.deliveryDate.localeCompare(b.deliveryDate)
            : sort === 'deliveryDate_desc'
              ? b.deliveryDate.localeCompare(a.deliveryDate)
              : b.createdAt.localeCompare(a.createdAt),
        );
        if (path === '/api/admin/orders.csv') {
          return csvAnswer('pedidos-2030-11-21.csv', [
            ['Pedido', 'Cliente'],
            ...sorted.map((o) => [String(o.orderNumber), o.customerName]),
          ]);
        }
        const { items, ...rest } = page(sorted, url);
        return json({ orders: items, ...rest, position: state.position });
      }
      const historyMatch = /^\/api\/admin\/orders\/([^/]+)\/history$/.exec(path);
      if (historyMatch) {
        const orderId = decodeURIComponent(historyMatch[1] ?? '');
        const entries = options.histories?.[orderId];
        return entries
          ? json(historyAnswer(orderId, entries, q, state.position))
          : json({ message: 'Pedido não encontrado.' }, { status: 404 });
      }
      if (path === '/api/admin/events') {
        return json(eventLogAnswer(options.events ?? [], q, state.position));
      }
      const streamMatch = /^\/api\/admin\/events\/streams\/([^/]+)$/.exec(path);
      if (streamMatch) {
        const stream = decodeURIComponent(streamMatch[1] ?? '');
        const events = (options.events ?? []).filter((event) => event.stream === stream);
        const size = options.streamPageSize ?? EVENT_STREAM_PAGE_SIZE;
        const from = Number(q.get('from') ?? '0');
        const next = events.length > from + size ? from + size : null;
        return events.length
          ? json({
              stream,
              events: events.slice(from, from + size),
              next,
              position: state.position,
            })
          : json({ message: 'Stream não encontrado.' }, { status: 404 });
      }
      const orderMatch = /^\/api\/admin\/orders\/([^/]+)$/.exec(path);
      if (orderMatch) {
        const order = state.orders.find((o) => o._id === decodeURIComponent(orderMatch[1] ?? ''));
        return order ? json(order) : json({ message: 'Pedido não encontrado.' }, { status: 404 });
      }

      if (path === '/api/admin/users/stats') {
        const admins = state.users.filter((u) => u.role === 'admin').length;
        return json({
          totalUsers: state.users.length,
          totalAdmins: admins,
          totalClients: state.users.length - admins,
          position: state.position,
        });
      }
      if (path === '/api/admin/users') {
        const found = state.users.filter(
          (u) =>
            matches(q.get('search'), u.name, u.email) &&
            (!q.get('role') || u.role === q.get('role')),
        );
        const { items, ...rest } = page(found, url);
        return json({ users: items, ...rest, position: state.position });
      }
      const userMatch = /^\/api\/admin\/users\/([^/]+)$/.exec(path);
      if (userMatch) {
        const found = state.users.find((u) => u.id === decodeURIComponent(userMatch[1] ?? ''));
        return found ? json(found) : json({ message: 'Usuário não encontrado.' }, { status: 404 });
      }

      if (path === '/api/admin/sales/stats') {
        const revenue = state.sales.reduce((sum, sale) => sum + sale.amount, 0);
        return json({
          totalSales: state.sales.length,
          monthlyRevenue: revenue,
          averageTicket: state.sales.length ? revenue / state.sales.length : 0,
          lifetimeTotalSales: state.sales.length,
          lifetimeTotalRevenue: revenue,
          position: state.position,
        });
      }
      if (path === '/api/admin/sales/daily-chart') return json(options.dailyChart ?? []);
      if (path === '/api/admin/sales/monthly-report') {
        return json(options.report ?? monthlyReport());
      }
      if (path === '/api/admin/sales' || path === '/api/admin/sales.csv') {
        const source = q.get('source');
        const found = state.sales.filter(
          (s) =>
            matches(q.get('search'), s.clientName) &&
            (!source || (source === 'online' ? s.source === 'Online' : s.source === 'Fisico')),
        );
        if (path === '/api/admin/sales.csv') {
          return csvAnswer('vendas-2030-11-21.csv', [
            ['Cliente', 'Valor (R$)'],
            ...found.map((sale) => [sale.clientName, String(sale.amount).replace('.', ',')]),
          ]);
        }
        const { items, ...rest } = page(found, url);
        return json({ sales: items, ...rest, position: state.position });
      }
      return undefined;
    }

    if (path === '/api/admin/schedule' && method === 'PUT') {
      // The server's rules and its 400: the first pt-BR issue (like PUT /api/admin/shop).
      const parsed = kitchenScheduleBodySchema.safeParse(await request.clone().json());
      if (!parsed.success) {
        const first = parsed.error.issues[0]?.message ?? messages.invalidRequest;
        return json({ message: first, code: 'validation' }, { status: 400 });
      }
      state.position += 1;
      state.schedule = {
        ...parsed.data,
        updatedAt: '2030-11-21T18:45:00.000Z',
        updatedBy: user.id,
        position: state.position,
      };
      return json({ message: scheduleMessages.saved, ...state.schedule });
    }
    if (path === '/api/admin/shop' && method === 'PUT') {
      // The server's own rules and its 400 (parseWith): each field's first message under its path.
      const sent: unknown = await request.clone().json();
      const parsed = shopSettingsBodySchema.safeParse(sent);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          fields[issue.path.join('.') || '_'] ??= issue.message;
        }
        const first = parsed.error.issues[0]?.message ?? messages.invalidRequest;
        return json({ message: first, code: 'validation', fields }, { status: 400 });
      }
      state.position += 1;
      state.shop = {
        ...shopSettingsToAdminFields(parsed.data),
        updatedAt: '2030-11-21T18:45:00.000Z',
        updatedBy: user.id,
        position: state.position,
      };
      return json(state.shop);
    }
    const notificationRetry = /^\/api\/admin\/notifications\/([^/]+)\/retry$/.exec(path);
    if (notificationRetry && method === 'POST') {
      const id = decodeURIComponent(notificationRetry[1] ?? '');
      const found = state.notifications.find((n) => n.id === id);
      if (!found) {
        return json({ message: notificationMessages.notificationNotFound }, { status: 404 });
      }
      if (found.status !== 'failed') {
        return json({ message: notificationMessages.retryNotFailed }, { status: 409 });
      }
      // The notifier takes it up again: an attempt under way.
      state.notifications = state.notifications.map((n) =>
        n.id === id ? { ...n, status: 'sending', interrupted: false } : n,
      );
      state.position += 1;
      return json({ message: notificationMessages.retryRequested, position: state.position });
    }
    if (path === '/api/admin/products' && method === 'POST') {
      const fields = await body(request);
      state.products.unshift(
        productDto({
          _id: newId(),
          name: String(fields['name']),
          category: String(fields['category']),
          price: Number(fields['price']),
          stock: Number(fields['stock']),
        }),
      );
      return written();
    }
    const productMatch = /^\/api\/admin\/products\/([^/]+)$/.exec(path);
    if (productMatch && method === 'PUT') {
      const fields = await body(request);
      state.products = state.products.map((p) =>
        p._id === productMatch[1] ? { ...p, name: String(fields['name']) } : p,
      );
      return written();
    }
    if (productMatch && method === 'DELETE') {
      state.products = state.products.filter((p) => p._id !== productMatch[1]);
      return written();
    }
    const statusMatch = /^\/api\/admin\/orders\/([^/]+)\/status$/.exec(path);
    if (statusMatch && method === 'PUT') {
      const fields = fieldsOf(await body(request));
      const before = state.orders.find((o) => o._id === statusMatch[1]);
      state.orders = state.orders.map((o) => (o._id === statusMatch[1] ? { ...o, ...fields } : o));
      if (!before || fields.orderStatus !== 'cancelled' || before.refundable <= 0) return written();
      // Cancelling a paid order refunds what is left of it (issue 38).
      const refundId = newId();
      const amount = before.refundable;
      state.orders = state.orders.map((o) =>
        o._id === before._id
          ? {
              ...o,
              refundAttempts: [
                ...o.refundAttempts,
                {
                  refundId,
                  amount,
                  status: 'pending',
                  reason: 'Pedido cancelado pela loja',
                  at: '2030-11-21T18:45:00.000Z',
                  detail: null,
                },
              ],
            }
          : o,
      );
      settle(before._id, refundId, state.refundOutcome, true);
      const refund = refundResult(refundId, amount, state.refundOutcome);
      // command-api's answer: the message, the order as the command left it (with how its refund went).
      return json({
        message: 'Status do pedido atualizado com sucesso!',
        order: {
          _id: before._id,
          orderNumber: before.orderNumber,
          orderStatus: 'cancelled',
          isDeleted: false,
          refund,
        },
        position: refund.position,
      });
    }
    const refundMatch = /^\/api\/admin\/orders\/([^/]+)\/refund$/.exec(path);
    if (refundMatch && method === 'POST') {
      const key = request.headers.get('Idempotency-Key') ?? '';
      const replay = refundsByKey.get(key);
      if (replay) return json(replay.body, { status: replay.status });
      const parsed = adminRefundBodySchema.safeParse(await request.clone().json());
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
        const first = parsed.error.issues[0]?.message ?? messages.invalidRequest;
        return json({ message: first, code: 'validation', fields }, { status: 400 });
      }
      const order = state.orders.find((o) => o._id === refundMatch[1]);
      if (!order) return json({ message: 'Pedido não encontrado.' }, { status: 404 });
      if (order.refundable <= 0) {
        const message =
          order.refundedTotal > 0 ? refundMessages.nothingLeft : refundMessages.notPaid;
        return json({ message }, { status: 409 });
      }
      const amount = parsed.data.amount ?? order.refundable;
      if (amount > order.refundable) {
        const message = refundMessages.exceedsRemaining(formatBRL(order.refundable));
        return json({ message }, { status: 409 });
      }
      const refundId = newId();
      const status = state.refundOutcome;
      state.orders = state.orders.map((o) =>
        o._id === order._id
          ? {
              ...o,
              refundAttempts: [
                ...o.refundAttempts,
                {
                  refundId,
                  amount,
                  status: 'pending',
                  reason: parsed.data.reason,
                  at: '2030-11-21T18:45:00.000Z',
                  detail: null,
                },
              ],
            }
          : o,
      );
      settle(order._id, refundId, status, true);
      const answered = refundAnswer(refundResult(refundId, amount, status));
      refundsByKey.set(key, answered);
      return json(answered.body, { status: answered.status });
    }
    const retryMatch = /^\/api\/admin\/orders\/([^/]+)\/refunds\/([^/]+)\/retry$/.exec(path);
    if (retryMatch && method === 'POST') {
      const [, orderId = '', refundId = ''] = retryMatch;
      const refund = state.orders
        .find((o) => o._id === orderId)
        ?.refundAttempts.find((r) => r.refundId === refundId);
      if (!refund) return json({ message: refundMessages.refundNotFound }, { status: 404 });
      if (refund.status !== 'failed') {
        return json({ message: refundMessages.notFailed }, { status: 409 });
      }
      const status = state.refundOutcome;
      settle(orderId, refundId, status, true);
      const answered = refundAnswer(refundResult(refundId, refund.amount, status));
      return json(answered.body, { status: answered.status });
    }
    const orderDelete = /^\/api\/admin\/orders\/([^/]+)$/.exec(path);
    if (orderDelete && method === 'DELETE') {
      state.orders = state.orders.filter((o) => o._id !== orderDelete[1]);
      return written();
    }
    if (path === '/api/admin/users' && method === 'POST') {
      const fields = await body(request);
      state.users.unshift(
        userDto({ id: newId(), name: String(fields['name']), email: String(fields['email']) }),
      );
      return written();
    }
    const userWrite = /^\/api\/admin\/users\/([^/]+)$/.exec(path);
    if (userWrite && method === 'PUT') {
      const fields = await body(request);
      state.users = state.users.map((u) =>
        u.id === userWrite[1] ? { ...u, name: String(fields['name']) } : u,
      );
      return written();
    }
    if (userWrite && method === 'DELETE') {
      state.users = state.users.filter((u) => u.id !== userWrite[1]);
      return written();
    }
    if (path === '/api/admin/sales' && method === 'POST') {
      const fields = await body(request);
      state.sales.unshift(
        saleDto({
          id: newId(),
          clientName: String(fields['clientName']),
          amount: Number(fields['amount']),
          date: `${String(fields['date'])}T12:00:00.000Z`,
        }),
      );
      return written();
    }
    const saleWrite = /^\/api\/admin\/sales\/([^/]+)$/.exec(path);
    if (saleWrite && method === 'DELETE') {
      state.sales = state.sales.filter((s) => s.id !== saleWrite[1]);
      return written();
    }
    return undefined;
  };

  const user = options.user ?? admin;
  const requests = stubFetch(async (url, request) => {
    const answered = await answer(url, request);
    if (answered) return answered;
    if (url.pathname === '/health') return json({ status: 'ok' });
    if (url.pathname === '/api/users/profile') return json(profileBody(user));
    // The signed-in admin's shop loads her server cart 500 ms after the session: empty.
    if (url.pathname === `/carrinho/${user.id}` && request.method === 'GET') {
      return json({ userId: user.id, itens: [] });
    }
    return json({ message: 'Recurso não encontrado.' }, { status: 404 });
  });
  return {
    requests,
    state,
    /** The query strings of the GETs to `pathname`, in order. */
    queries(pathname: string): string[] {
      return requests
        .filter((request) => request.method === 'GET')
        .map((request) => new URL(request.url))
        .filter((url) => url.pathname === pathname)
        .map((url) => url.search);
    },
    /** The requests to `pathname` with `method`. */
    calls(pathname: string, method: string): Request[] {
      return requests.filter(
        (request) => request.method === method && new URL(request.url).pathname === pathname,
      );
    },
  };
}

function fieldsOf(fields: Record<string, unknown>): Partial<AdminOrderDto> {
  const status = fields['orderStatus'];
  return status === 'pending' ||
    status === 'processing' ||
    status === 'ready_for_pickup' ||
    status === 'in_transit' ||
    status === 'delivered' ||
    status === 'cancelled'
    ? { orderStatus: status }
    : {};
}
