import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountMessages,
  cartDtoSchema,
  checkoutMessages,
  orderListSchema,
  profileDtoSchema,
} from '@quitute/contracts';
import {
  anyJson,
  checkoutBody,
  coxinhas,
  eventually,
  type PlacedOrder,
  type SecurityShop,
} from './shop';

/**
 * Issue 14.2: customer B never reaches customer A's order, payment, history,
 * cart or profile, whatever id B puts in a path or a body. An order or payment
 * of someone else is answered exactly like one that does not exist (404, the
 * same body), so B cannot even learn that it exists.
 */

let shop: SecurityShop;
let orderOfA: PlacedOrder;
const sockets: Socket[] = [];

function connectedSocket(token: string): Promise<Socket> {
  const socket = io(shop.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const asA = () => ({ token: shop.customerA.token });
const asB = () => ({ token: shop.customerB.token });

/** What the shop answers for something that does not exist, without the volatile headers. */
const shapeOf = (answer: { status: number; body: unknown }) => ({
  status: answer.status,
  body: answer.body,
});

/** Registers these tests on the suite's shop (see access.test.ts). */
export function crossCustomerTests(current: () => SecurityShop): void {
  beforeAll(async () => {
    shop = current();
    orderOfA = await shop.placeOrder(shop.customerA);
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  describe('customer B and customer A’s order', () => {
    it('given A’s order, when B asks for it by id, then 404 with the body of an order that does not exist', async () => {
      const seenByA = await eventually(
        () => shop.call('GET', `/api/orders/${orderOfA.orderId}`, asA()),
        (answer) => answer.status === 200,
      );
      expect(seenByA.status).toBe(200);

      const seenByB = await shop.call('GET', `/api/orders/${orderOfA.orderId}`, asB());
      const nobodys = await shop.call('GET', `/api/orders/${crypto.randomUUID()}`, asB());

      expect(shapeOf(seenByB)).toEqual(shapeOf(nobodys));
      expect(seenByB.status).toBe(404);
      expect(seenByB.text).not.toContain(String(orderOfA.orderNumber));
    });

    it('given A’s order, when B lists orders, then it is not among them, whatever filter B adds, operators in the query string too', async () => {
      const lists = [
        await shop.call('GET', '/api/orders', asB()),
        await shop.call('GET', `/api/orders?userId=${shop.customerA.userId}`, asB()),
        await shop.call('GET', '/api/orders?orderStatus=pending', asB()),
        await shop.call('GET', '/api/orders?orderStatus[$ne]=cancelled', asB()),
        await shop.call('GET', '/api/orders?userId[$ne]=ninguem', asB()),
        await shop.call('GET', `/api/orders?userId=${shop.customerA.userId}&userId=x`, asB()),
      ];
      for (const list of lists) {
        // A filter the schema does not know is refused or ignored; never A's orders.
        if (list.status === 200) expect(orderListSchema.parse(list.body)).toEqual([]);
        else expect(list.status).toBe(400);
      }
      expect(
        orderListSchema.parse((await shop.call('GET', '/api/orders', asA())).body),
      ).toHaveLength(1);
    });

    it('given A’s payment, when B polls its status, then 404 with the body of a payment that does not exist', async () => {
      const seenByA = await eventually(
        () => shop.call('GET', `/payments/process-payment/${orderOfA.paymentId}`, asA()),
        (answer) => answer.status === 200,
      );
      expect(seenByA.status).toBe(200);

      const seenByB = await shop.call(
        'GET',
        `/payments/process-payment/${orderOfA.paymentId}`,
        asB(),
      );
      const nobodys = await shop.call('GET', '/payments/process-payment/99999999999', asB());

      expect(seenByB.status).toBe(404);
      expect(shapeOf(seenByB)).toEqual(shapeOf(nobodys));
    });

    it('given A’s pending payment, when B cancels it, then 404 like an unknown payment and A’s payment stays pending', async () => {
      const byB = await shop.call('POST', '/payments/cancel-payment', {
        ...asB(),
        body: { paymentId: orderOfA.paymentId },
      });
      const unknown = await shop.call('POST', '/payments/cancel-payment', {
        ...asB(),
        body: { paymentId: '99999999999' },
      });

      expect(byB.status).toBe(404);
      expect(shapeOf(byB)).toEqual(shapeOf(unknown));
      const status = await shop.call(
        'GET',
        `/payments/process-payment/${orderOfA.paymentId}`,
        asA(),
      );
      expect(anyJson.parse(status.body)['paymentStatus']).toBe('pending');
    });

    it('given A’s order, when B asks for its history or its admin view, then 403', async () => {
      for (const route of [
        `/api/admin/orders/${orderOfA.orderId}/history`,
        `/api/admin/orders/${orderOfA.orderNumber}/history`,
        `/api/admin/orders/${orderOfA.orderId}`,
        `/api/admin/events/streams/order-${orderOfA.orderId}`,
      ]) {
        expect(await shop.call('GET', route, asB()), route).toMatchObject({
          status: 403,
          body: { message: accountMessages.forbidden },
        });
      }
    });

    it('given A’s payment, when the simulator approves it, then A’s socket is told and B’s hears nothing, even after asking to join A’s room', async () => {
      const heardByB: unknown[] = [];
      const socketOfB = await connectedSocket(shop.customerB.token);
      socketOfB.onAny((...event: unknown[]) => heardByB.push(event));
      // The spec's web app joins its user's room by id: B names A's.
      await socketOfB.timeout(5_000).emitWithAck('join', shop.customerA.userId);
      await socketOfB.timeout(5_000).emitWithAck('join', { userId: shop.customerA.userId });
      const socketOfA = await connectedSocket(shop.customerA.token);
      const toldA = new Promise((resolve) => socketOfA.once('paymentApproved', resolve));

      const approved = await shop.call(
        'POST',
        `/simulator/payments/${orderOfA.paymentId}/approve`,
        {
          body: {},
        },
      );

      expect(approved.status).toBe(200);
      expect(await toldA).toMatchObject({ orderId: orderOfA.orderId });
      expect(heardByB).toEqual([]);
    });
  });

  describe('customer B and customer A’s cart', () => {
    const cartOf = async (token: string, userId: string) =>
      cartDtoSchema.parse((await shop.call('GET', `/carrinho/${userId}`, { token })).body);

    it('given A’s cart with coxinhas, when B reads, adds to, syncs or clears it by A’s id, then each is refused and A’s cart is unchanged', async () => {
      // A's paid order empties A's cart in the background: that first, then the coxinhas.
      const emptied = await eventually(
        () => cartOf(shop.customerA.token, shop.customerA.userId),
        (cart) => cart.itens.length === 0,
      );
      expect(emptied.itens).toEqual([]);
      const added = await shop.call('POST', '/carrinho', {
        ...asA(),
        body: coxinhas(shop.customerA),
      });
      expect(added.status).toBe(200);
      const before = await cartOf(shop.customerA.token, shop.customerA.userId);
      expect(before.itens).toHaveLength(1);

      const attempts = [
        await shop.call('GET', `/carrinho/${shop.customerA.userId}`, asB()),
        await shop.call('POST', '/carrinho', { ...asB(), body: coxinhas(shop.customerA) }),
        await shop.call('POST', '/carrinho/sync', {
          ...asB(),
          body: { userId: shop.customerA.userId, itens: [] },
        }),
        await shop.call('DELETE', `/carrinho/${shop.customerA.userId}`, asB()),
      ];

      for (const attempt of attempts) {
        expect(attempt.status).toBe(403);
        expect(attempt.text).not.toContain('Coxinha');
      }
      expect(await cartOf(shop.customerA.token, shop.customerA.userId)).toEqual(before);
      expect((await cartOf(shop.customerB.token, shop.customerB.userId)).itens).toEqual([]);
    });

    it('given A’s cart, when B checks out naming A as the customer, then refused and no order is placed for A', async () => {
      const ordersOfA = async () =>
        orderListSchema.parse((await shop.call('GET', '/api/orders', asA())).body).length;
      const before = await ordersOfA();

      const answer = await shop.call('POST', '/payments/mercadopago/transparent-checkout', {
        ...asB(),
        body: checkoutBody(shop.customerA),
        headers: { 'idempotency-key': crypto.randomUUID() },
      });

      expect(answer).toMatchObject({
        status: 403,
        body: { message: checkoutMessages.otherUsersCheckout },
      });
      expect(await ordersOfA()).toBe(before);
    });
  });

  describe('customer B and customer A’s profile', () => {
    const profileOf = async (token: string) =>
      profileDtoSchema.parse((await shop.call('GET', '/api/users/profile', { token })).body);

    it('given A’s profile, when B names A in the query or the body, then B only ever reads and writes B’s own', async () => {
      const before = await profileOf(shop.customerA.token);

      const read = await shop.call(
        'GET',
        `/api/users/profile?userId=${shop.customerA.userId}`,
        asB(),
      );
      const write = await shop.call('PUT', '/api/users/profile', {
        ...asB(),
        body: { userId: shop.customerA.userId, name: 'Invasora', phone: '11999998888' },
      });
      const writeById = await shop.call(
        'PUT',
        `/api/users/profile?userId=${shop.customerA.userId}`,
        {
          ...asB(),
          body: { name: 'Invasora' },
        },
      );
      const preferences = await shop.call('PUT', '/api/users/preferences', {
        ...asB(),
        body: {
          userId: shop.customerA.userId,
          notifications: { email: false, sms: false, push: false },
        },
      });

      if (read.status === 200) {
        expect(z.object({ email: z.string() }).parse(read.body).email).toBe(shop.customerB.email);
      } else expect(read.status).toBe(400);
      expect(write.status).toBe(400);
      expect(preferences.status).toBe(400);
      if (writeById.status === 200) {
        expect(anyJson.parse(writeById.body)).not.toMatchObject({ email: shop.customerA.email });
      } else expect(writeById.status).toBe(400);
      expect(await profileOf(shop.customerA.token)).toEqual(before);
    });
  });
}
