import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOrderListSchema,
  messages,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
  type OrderDocument,
} from '@quitute/contracts';
import { openAdminReads, type AdminReads } from '../admin/test-shop';
import { anOrder } from './order-fixtures';

/**
 * Issue 40 on the admin's orders: GET /api/admin/orders filtered by the shop day
 * of the delivery and sorted by delivery date, and GET /api/admin/orders.csv
 * (the same filters, every row) as Excel in Brazil opens it.
 */

/** Saturday 2026-11-28, noon in São Paulo: the export's file name says that day. */
const now = new Date('2026-11-28T15:00:00Z');

let seq = 0;
const order = (minutes: number, deliveryDate: string, fields: Partial<OrderDocument> = {}) => {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return anOrder({
    _id: `00000000-0000-4000-8000-${n}`,
    orderNumber: 3000 + seq,
    paymentId: `10000000-0000-4000-8000-${n}`,
    createdAt: new Date(Date.UTC(2026, 10, 20, 12, minutes)).toISOString(),
    deliveryDate,
    ...fields,
  });
};

const early = order(1, '2026-12-05T08:00:00-03:00');
const late = order(2, '2026-12-05T17:30:00-03:00', {
  customerName: '=HYPERLINK("http://evil.example";"Clique")',
  customerEmail: 'evil@exemplo.com.br',
  customerPhone: '21998765432',
  items: [
    {
      productId: '11111111-1111-4111-8111-111111111111',
      name: 'Coxinha',
      category: 'Salgados Fritos',
      unitPriceCents: 60,
      quantity: 2,
    },
    {
      productId: '33333333-3333-4333-8333-333333333333',
      name: 'Kit Festa 1',
      category: 'Kits Festa',
      unitPriceCents: 14_500,
      quantity: 1,
    },
  ],
  deliveryType: 'delivery',
  totalCents: 123_450,
  paymentMethod: 'credit_card',
  paymentStatus: 'approved',
  orderStatus: 'processing',
  refunds: [
    {
      refundId: 'r-1',
      amountCents: 2_000,
      status: 'completed',
      reason: 'admin',
      note: null,
      requestedAt: '2026-11-21T12:00:00.000Z',
      refundedAt: '2026-11-21T12:00:01.000Z',
      failureDetail: null,
    },
  ],
  refundedCents: 2_000,
  notes: 'Sem cebola; entregar na portaria\n"urgente"',
});
/** 23:30 on the 4th in São Paulo is already the 5th in UTC: not the 5th's. */
const fridayNight = order(3, '2026-12-04T23:30:00-03:00');
const sunday = order(4, '2026-12-06T09:00:00-03:00');
const deletedSaturday = order(5, '2026-12-05T10:00:00-03:00', { isDeleted: true });
const cancelledSaturday = order(6, '2026-12-05T12:00:00-03:00', {
  orderStatus: 'cancelled',
  paymentStatus: 'cancelled',
});

let shop: AdminReads;
beforeAll(async () => {
  shop = await openAdminReads({ projections: [ORDERS_PROJECTION], position: 900, now });
  await shop.readStore
    .collection(ORDERS_COLLECTION)
    .putMany([sunday, late, deletedSaturday, fridayNight, cancelledSaturday, early]);
});
afterAll(() => shop?.close());

const numbers = async (query: string) => {
  const { body } = await shop.read(`/api/admin/orders${query}`);
  return adminOrderListSchema.parse(body).orders.map((o) => o.orderNumber);
};

describe('GET /api/admin/orders by delivery date', () => {
  it('given a delivery date, then that shop day’s orders only (deleted ones never), newest placed first', async () => {
    expect(await numbers('?deliveryDate=2026-12-05')).toEqual([
      cancelledSaturday.orderNumber,
      late.orderNumber,
      early.orderNumber,
    ]);
  });

  it('given the date and a status, then both apply', async () => {
    expect(await numbers('?deliveryDate=2026-12-05&orderStatus=cancelled')).toEqual([
      cancelledSaturday.orderNumber,
    ]);
  });

  it('given the sort by delivery date, then nearest first, or farthest first', async () => {
    const nearest = [fridayNight, early, cancelledSaturday, late, sunday].map((o) => o.orderNumber);
    expect(await numbers('?sort=deliveryDate_asc')).toEqual(nearest);
    expect(await numbers('?sort=deliveryDate_desc')).toEqual([...nearest].reverse());
    expect(await numbers('?sort=deliveryDate_asc&deliveryDate=2026-12-05')).toEqual([
      early.orderNumber,
      cancelledSaturday.orderNumber,
      late.orderNumber,
    ]);
  });

  it.each(['?deliveryDate=05/12/2026', '?deliveryDate=2026-02-30', '?sort=total_desc'])(
    'given %j, then 400 in pt-BR',
    async (query) => {
      const response = await shop.get(`/api/admin/orders${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: messages.invalidSearch });
    },
  );
});

describe('GET /api/admin/orders.csv', () => {
  const csv = async (query: string) => {
    const response = await shop.get(`/api/admin/orders.csv${query}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { response, bytes, text: bytes.toString('utf8') };
  };

  it('given the filters of the list, then a download for Excel: BOM, ; separators, CRLF, the headers of a private file named for today', async () => {
    const { response, bytes, text } = await csv('?deliveryDate=2026-12-05&sort=deliveryDate_asc');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="pedidos-2026-11-28.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Pedido;Data do pedido;Cliente;E-mail;Telefone;Itens;Entrega/Retirada;Data de entrega;Status do pedido;Status do pagamento;Forma de pagamento;Total (R$);Reembolsado (R$);Observações',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    // Header, three orders (one with a quoted line break in its notes), and the end.
    expect(text.slice(1).match(/\r\n/g)).toHaveLength(4);
    expect(lines[1]?.startsWith(`${early.orderNumber};20/11/2026 09:01;Ana Souza;`)).toBe(true);
  });

  it('given an order with a formula for a name, money, a refund and notes with ; quotes and a line break, then each field as Excel must read it', async () => {
    const { text } = await csv('?deliveryDate=2026-12-05&sort=deliveryDate_asc');
    const row = text
      .slice(1)
      .split('\r\n')
      .find((line) => line.startsWith(`${late.orderNumber};`));

    expect(row).toBe(
      [
        String(late.orderNumber),
        '20/11/2026 09:02',
        `"'=HYPERLINK(""http://evil.example"";""Clique"")"`,
        'evil@exemplo.com.br',
        '(21) 99876-5432',
        '2 x Coxinha, 1 x Kit Festa 1',
        'Entrega',
        '05/12/2026 17:30',
        'Em Preparação',
        'Aprovado',
        'Cartão de Crédito',
        '1234,50',
        '20,00',
        '"Sem cebola; entregar na portaria\n""urgente"""',
      ].join(';'),
    );
  });

  it('given no filter, then every live order, deleted ones never', async () => {
    const { text } = await csv('');
    const lines = text
      .slice(1)
      .split('\r\n')
      .filter((line) => /^\d/.test(line));
    expect(lines.map((line) => Number(line.split(';')[0]))).toEqual(
      [cancelledSaturday, sunday, fridayNight, late, early].map((o) => o.orderNumber),
    );
  });

  it.each([
    ['no token', 401, null],
    ['a customer’s token', 403, 'customer'],
  ])('given %s, then %i and no file', async (_case, status, who) => {
    const response = await shop.get('/api/admin/orders.csv', {
      token: who === 'customer' ? shop.customerToken : null,
    });
    expect(response.status).toBe(status);
    expect(await response.text()).not.toContain('Ana Souza');
  });
});
