import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  moneyInputMessages,
  adminMessages,
  adminSaleResultSchema,
  messages,
  orderStreamName,
  paymentResultSchema,
  saleStreamName,
  salesMessages,
} from '@quitute/contracts';
import { silentLogger } from '@quitute/infra/logging';
import { createPaymentProcessCommands } from '../process-managers/payment-process-commands';
import { closeShops, now, openShop, pixBody } from '../payments/testing';

const saleAnswer = z.object({ sale: adminSaleResultSchema });

/** The admin's physical sales over real HTTP; online sales (paid orders) are read-only. Today is 2026-11-21. */

afterEach(closeShops);

const counterSale = { clientName: 'Dona Rosa', amount: 150.5, date: '2026-11-20' };

async function adminShop() {
  const shop = await openShop({ notifications: false });
  const admin = await shop.admin();
  const as = (method: string, route: string, body?: unknown) =>
    shop.call(method, route, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const record = async (body: unknown = counterSale) => {
    const answer = await as('POST', '/api/admin/sales', body);
    expect(answer.status).toBe(201);
    return saleAnswer.parse(answer.body).sale;
  };
  return { shop, admin, as, record };
}

describe('POST /api/admin/sales', () => {
  it('given a counter sale, then 201 and SaleRecorded physical, in centavos, at noon of that day in the shop, by the admin', async () => {
    const { shop, admin, as } = await adminShop();

    const answer = await as('POST', '/api/admin/sales', counterSale);

    expect(answer).toMatchObject({
      status: 201,
      body: {
        message: adminMessages.saleAdded,
        sale: {
          clientName: 'Dona Rosa',
          amount: 150.5,
          date: '2026-11-20T15:00:00.000Z',
          source: 'Fisico',
        },
      },
    });
    const { sale } = saleAnswer.parse(answer.body);
    const [recorded] = await shop.eventStore.readStream(saleStreamName(sale.id));
    expect(recorded).toMatchObject({
      type: 'SaleRecorded',
      data: {
        saleId: sale.id,
        source: 'physical',
        amountCents: 15_050,
        clientName: 'Dona Rosa',
        soldAt: '2026-11-20T15:00:00.000Z',
      },
      metadata: { actorId: admin.userId, actorRole: 'admin' },
    });
  });

  it.each([
    ['a wall-clock time in the shop', '2026-11-21T08:30', '2026-11-21T11:30:00.000Z'],
    ['an ISO instant', '2026-11-19T23:59:00-03:00', '2026-11-20T02:59:00.000Z'],
  ])('given %s as date, then that instant', async (_case, date, soldAt) => {
    const { record } = await adminShop();
    expect(await record({ ...counterSale, date })).toMatchObject({ date: soldAt });
  });

  it.each([
    ['no client', { clientName: '  ' }, adminMessages.clientNameRequired],
    ['no amount', { amount: undefined }, adminMessages.amountRequired],
    ['a zero amount', { amount: 0 }, adminMessages.amountPositive],
    ['an amount of 0 centavos once rounded (1e-9)', { amount: 1e-9 }, adminMessages.amountPositive],
    // Issue 38: text typed the Brazilian way is read ('10' is R$ 10,00); an ambiguous one is refused.
    ['an ambiguous amount', { amount: '1.234' }, moneyInputMessages.ambiguous],
    ['three decimals', { amount: 1.005 }, adminMessages.amountDecimals],
    ['no date', { date: undefined }, adminMessages.dateRequired],
    ['an impossible date', { date: '2026-02-30' }, adminMessages.dateInvalid],
    [
      'a date before the reports begin (2020-01)',
      { date: '2019-12-31' },
      adminMessages.dateInvalid,
    ],
    ['a date a thousand years back', { date: '1000-01-01' }, adminMessages.dateInvalid],
    ['a date tomorrow', { date: '2026-11-22' }, adminMessages.dateInFuture],
    ['a source', { source: 'online' }, messages.invalidRequest],
  ])(
    'given %s, then 400 with its pt-BR message and nothing recorded',
    async (_case, change, message) => {
      const { shop, as } = await adminShop();
      const before = (await shop.eventStore.readAll()).length;
      expect(await as('POST', '/api/admin/sales', { ...counterSale, ...change })).toMatchObject({
        status: 400,
        body: { message },
      });
      expect(await shop.eventStore.readAll()).toHaveLength(before);
    },
  );
});

describe('PUT and DELETE /api/admin/sales/{id}', () => {
  it('given a physical sale, when amended, then SaleAmended; when deleted, then SaleDeleted; after that, 404', async () => {
    const { shop, as, record } = await adminShop();
    const sale = await record();

    const amended = await as('PUT', `/api/admin/sales/${sale.id}`, {
      clientName: 'Seu Jorge',
      amount: 99.9,
      date: '2026-11-19',
    });
    expect(amended).toMatchObject({
      status: 200,
      body: {
        message: adminMessages.saleUpdated,
        sale: {
          id: sale.id,
          clientName: 'Seu Jorge',
          amount: 99.9,
          date: '2026-11-19T15:00:00.000Z',
        },
      },
    });
    const deleted = await as('DELETE', `/api/admin/sales/${sale.id}`);
    expect(deleted).toMatchObject({
      status: 200,
      body: { message: adminMessages.saleDeleted, id: sale.id, isDeleted: true },
    });

    const events = await shop.eventStore.readStream(saleStreamName(sale.id));
    expect(events.map((event) => event.type)).toEqual([
      'SaleRecorded',
      'SaleAmended',
      'SaleDeleted',
    ]);
    expect(events[1]?.data).toEqual({
      saleId: sale.id,
      amountCents: 9_990,
      clientName: 'Seu Jorge',
      soldAt: '2026-11-19T15:00:00.000Z',
    });
    for (const [method, body] of [
      ['PUT', counterSale],
      ['DELETE', undefined],
    ] as const) {
      expect(await as(method, `/api/admin/sales/${sale.id}`, body)).toMatchObject({
        status: 404,
        body: { message: salesMessages.saleNotFound },
      });
    }
  });

  it('given an online sale (a paid order), when an admin amends or deletes it, then 409 and it stays as it was', async () => {
    const { shop, as } = await adminShop();
    const maria = await shop.customer();
    const { orderId } = paymentResultSchema.parse(
      (await maria.checkout(pixBody(maria.userId))).body,
    );
    const [placed] = await shop.eventStore.readStream(orderStreamName(orderId));
    if (!placed) throw new Error('no order');
    const commands = createPaymentProcessCommands({
      eventStore: shop.eventStore,
      snapshotStore: shop.snapshotStore,
      logger: silentLogger,
      now,
      ordering: { gateway: shop.gateway },
    });
    await commands.markOrderPaid(
      { orderId, paymentId: String(placed.data['paymentId']), amountCents: 1200 },
      placed,
    );
    await commands.recordOnlineSale({ orderId }, placed);

    expect(await as('PUT', `/api/admin/sales/${orderId}`, counterSale)).toMatchObject({
      status: 409,
      body: { message: salesMessages.onlineSaleNotEditable },
    });
    expect(await as('DELETE', `/api/admin/sales/${orderId}`)).toMatchObject({
      status: 409,
      body: { message: salesMessages.onlineSaleNotDeletable },
    });
    const events = await shop.eventStore.readStream(saleStreamName(orderId));
    expect(events.map((event) => event.type)).toEqual(['SaleRecorded']);
  });

  it('given an unknown or malformed id, then 404', async () => {
    const { as } = await adminShop();
    for (const id of ['4d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a', 'venda-1']) {
      expect(await as('DELETE', `/api/admin/sales/${id}`)).toMatchObject({
        status: 404,
        body: { message: salesMessages.saleNotFound },
      });
    }
  });
});
