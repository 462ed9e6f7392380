import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminReviewListSchema,
  adminUserListSchema,
  cartDtoSchema,
  orderDtoSchema,
  paymentResultSchema,
  profileDtoSchema,
} from '@quitute/contracts';
import {
  anyJson,
  checkoutBody,
  coxinhas,
  eventually,
  uniqueEmail,
  type SecurityShop,
} from './shop';

/**
 * Issue 14.2: fields a client must not set — role, total, price, status,
 * userId, createdAt… — sent in the bodies of register, profile, cart,
 * checkout and reviews are refused (400, the strict bodies) or ignored (an
 * item's price: the catalogue's is used), and the state left behind shows it.
 */

let shop: SecurityShop;

/** The reviews a customer may submit an hour (command-api's default). */
const REVIEWS_PER_CUSTOMER = 10;

/** Keys a client could hope the server copies onto what it stores. */
const privileged: Record<string, unknown> = {
  role: 'admin',
  isAdmin: true,
  userId: crypto.randomUUID(),
  _id: crypto.randomUUID(),
  id: crypto.randomUUID(),
  sessionVersion: 99,
  createdAt: '2020-01-01T00:00:00.000Z',
  total: 0.01,
  price: 0.01,
  status: 'approved',
  orderStatus: 'delivered',
  paymentStatus: 'approved',
  isDeleted: false,
};

/** Registers these tests on the suite's shop (see bodies-and-headers.test.ts). */
export function massAssignmentTests(current: () => SecurityShop): void {
  beforeAll(() => {
    shop = current();
  });

  describe('register', () => {
    it('given a register body with any privileged key, then 400 and no account is created', async () => {
      for (const [key, value] of Object.entries(privileged)) {
        const answer = await shop.register(uniqueEmail(`massa.${key}`), { [key]: value });
        expect({ key, status: answer.status }).toEqual({ key, status: 400 });
      }
      const plain = await shop.register(uniqueEmail('massa.controle'));
      expect(plain.status).toBe(201);

      const listed = await eventually(
        () =>
          shop.call('GET', '/api/admin/users?search=massa.&limit=100', { token: shop.admin.token }),
        (answer) => answer.text.includes('massa.controle'),
      );
      const emails = adminUserListSchema.parse(listed.body).users.map((user) => user.email);
      expect(emails).toEqual([expect.stringContaining('massa.controle')]);
    });

    it('given a plain register, then the account is a customer (role user)', async () => {
      const customer = await shop.newCustomer('simples');
      const profile = await shop.call('GET', '/api/users/profile', { token: customer.token });
      expect(profileDtoSchema.parse(profile.body).role).toBe('user');
    });
  });

  describe('profile and preferences', () => {
    it('given a profile or preferences update with any privileged key, then 400 and the profile is unchanged', async () => {
      const { token } = shop.customerA;
      const profileOf = async () =>
        profileDtoSchema.parse((await shop.call('GET', '/api/users/profile', { token })).body);
      const before = await profileOf();
      for (const [key, value] of Object.entries({
        ...privileged,
        email: 'outro@exemplo.com.br',
        password: 'Segredo999',
      })) {
        const profile = await shop.call('PUT', '/api/users/profile', {
          token,
          body: { name: 'Maria Promovida', [key]: value },
        });
        const preferences = await shop.call('PUT', '/api/users/preferences', {
          token,
          body: { notifications: { email: true, sms: true, push: true }, [key]: value },
        });
        expect({ key, profile: profile.status, preferences: preferences.status }).toEqual({
          key,
          profile: 400,
          preferences: 400,
        });
      }
      expect(await profileOf()).toEqual(before);
      expect(before.role).toBe('user');
    });
  });

  describe('cart', () => {
    it('given items whose price, category and name are the client’s own, then the cart holds the catalogue’s product and price', async () => {
      const customer = await shop.newCustomer('carrinho');
      const cheap = {
        userId: customer.userId,
        item: {
          id: 'coxinha-de-frango',
          nome: 'Coxinha de Graça',
          preco: 0.01,
          price: 0.01,
          categoria: 'brinde',
          total: 0.01,
        },
        quantidade: 20,
      };
      const added = await shop.call('POST', '/carrinho', { token: customer.token, body: cheap });
      expect(added.status).toBe(200);
      const synced = await shop.call('POST', '/carrinho/sync', {
        token: customer.token,
        body: {
          userId: customer.userId,
          itens: [{ item: { ...cheap.item, id: 'brigadeiro', preco: 0 }, quantidade: 20 }],
        },
      });
      expect(synced.status).toBe(200);

      const cart = cartDtoSchema.parse(
        (await shop.call('GET', `/carrinho/${customer.userId}`, { token: customer.token })).body,
      );
      expect(cart.itens.map(({ item }) => ({ nome: item.nome, preco: item.preco }))).toEqual([
        { nome: 'Brigadeiro', preco: 0.7 },
      ]);
    });

    it('given a cart body with a privileged key beside its fields, then 400 and the cart is unchanged', async () => {
      const customer = await shop.newCustomer('carrinho.chave');
      for (const [key, value] of Object.entries(privileged)) {
        if (key === 'userId') continue;
        const answer = await shop.call('POST', '/carrinho', {
          token: customer.token,
          body: { ...coxinhas(customer), [key]: value },
        });
        expect({ key, status: answer.status }).toEqual({ key, status: 400 });
      }
      const cart = cartDtoSchema.parse(
        (await shop.call('GET', `/carrinho/${customer.userId}`, { token: customer.token })).body,
      );
      expect(cart.itens).toEqual([]);
    });
  });

  describe('checkout', () => {
    it('given a checkout with a privileged key (status, orderStatus, paymentStatus, createdAt…), then 400 and no order', async () => {
      const customer = await shop.newCustomer('checkout.chave');
      await shop.call('POST', '/carrinho', { token: customer.token, body: coxinhas(customer) });
      for (const [key, value] of Object.entries(privileged)) {
        if (key === 'userId' || key === 'total') continue;
        const answer = await shop.call('POST', '/payments/mercadopago/transparent-checkout', {
          token: customer.token,
          body: checkoutBody(customer, { [key]: value }),
          headers: { 'idempotency-key': crypto.randomUUID() },
        });
        expect({ key, status: answer.status }).toEqual({ key, status: 400 });
      }
      const orders = await shop.call('GET', '/api/orders', { token: customer.token });
      expect(orders.body).toEqual([]);
    });

    it('given a checkout whose total and item prices are a centavo, then 409 with the catalogue’s total; paying that total places an order priced by the catalogue', async () => {
      const customer = await shop.newCustomer('checkout.preco');
      await shop.call('POST', '/carrinho', { token: customer.token, body: coxinhas(customer) });
      const cheapItems = [
        { id: 'coxinha-de-frango', title: 'Coxinha', unit_price: 0.0005, quantity: 20 },
      ];

      const cheap = await shop.call('POST', '/payments/mercadopago/transparent-checkout', {
        token: customer.token,
        body: checkoutBody(customer, { total: 0.01, items: cheapItems }),
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(cheap).toMatchObject({ status: 409, body: { total: 12 } });

      const paid = await shop.call('POST', '/payments/mercadopago/transparent-checkout', {
        token: customer.token,
        body: checkoutBody(customer, { total: 12, items: cheapItems }),
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(paid.status).toBe(200);
      const { orderId } = paymentResultSchema.parse(paid.body);
      const order = await eventually(
        () => shop.call('GET', `/api/orders/${orderId}`, { token: customer.token }),
        (answer) => answer.status === 200,
      );
      const stored = orderDtoSchema.parse(order.body);
      expect(stored.total).toBe(12);
      expect(stored.items.map((line) => line.item.price)).toEqual([0.6]);
      expect(stored).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' });
    });
  });

  describe('reviews', () => {
    it('given a review with status, userId, createdAt or rating-like keys of its own, then 400; the name and e-mail it sends are ignored for the account’s', async () => {
      const review = { productId: 'brigadeiro', rating: 5, comment: 'Delicioso' };
      const keys = Object.entries({ ...privileged, approvedAt: '2020-01-01', isReported: false });
      // A customer submits at most REVIEWS_PER_CUSTOMER an hour, refused bodies included.
      for (let start = 0; start < keys.length; start += REVIEWS_PER_CUSTOMER - 1) {
        const author = await shop.newCustomer('avaliacao.chave');
        for (const [key, value] of keys.slice(start, start + REVIEWS_PER_CUSTOMER - 1)) {
          const answer = await shop.call('POST', '/api/reviews', {
            token: author.token,
            body: { ...review, [key]: value },
          });
          expect({ key, status: answer.status }).toEqual({ key, status: 400 });
        }
      }

      const customer = await shop.newCustomer('avaliacao');
      const posted = await shop.call('POST', '/api/reviews', {
        token: customer.token,
        body: { ...review, userName: 'Gerente da Loja', userEmail: shop.admin.email },
      });

      expect(posted.status).toBe(201);
      const reviewId = z.object({ review: z.object({ _id: z.string() }) }).parse(posted.body)
        .review._id;
      const listed = await eventually(
        () =>
          shop.call('GET', '/api/admin/reviews?status=all&limit=50', { token: shop.admin.token }),
        (answer) => JSON.stringify(answer.body).includes(reviewId),
      );
      const stored = adminReviewListSchema
        .parse(listed.body)
        .reviews.find((entry) => entry._id === reviewId);
      expect(stored).toMatchObject({
        userId: customer.userId,
        userName: customer.name,
        userEmail: customer.email,
        status: 'pending',
      });
      const publicList = anyJson
        .or(z.array(z.unknown()))
        .parse((await shop.call('GET', '/api/reviews')).body);
      expect(JSON.stringify(publicList)).not.toContain(reviewId);
    });
  });
}
