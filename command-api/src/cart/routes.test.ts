import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  accountMessages,
  cartDtoSchema,
  cartEtag,
  cartMessages as m,
  cartStreamName,
  MAX_CART_LINES,
  MAX_UNITS_PER_LINE,
  messages,
  productNotFoundNamed,
  productUnavailableNamed,
  STATIC_MENU,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import {
  createMemoryEventStore,
  type EventStore,
  type RecordedEvent,
} from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createOwnWrites } from '@quitute/infra/projection-progress';
import { createMemorySnapshotStore, createPostgresStores } from '@quitute/infra/snapshot-store';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import {
  cheapPasswords,
  describeWithPostgres,
  listenOnFreePort,
  throwawaySchema,
} from '@quitute/infra/testing';
import { DEFAULT_RATE_LIMITS, type AccountRateLimits } from '../accounts/rate-limits';
import { createCommandApp } from '../app';
import { createCatalogView, type CatalogView } from '../catalog/catalog-view';
import type { CatalogCommand } from '../catalog/decider';
import { menuProductId, seedMenu } from '../catalog/seed';
import { runProductCommand } from '../catalog/products';
import { signedUpUser } from '../shared/testing';

/**
 * command-api's cart routes over real HTTP, on the seeded menu: a customer
 * signed in (a real account and token) adds, syncs and clears their own cart.
 */

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const now = () => new Date('2026-11-21T12:00:00.000Z');

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

const menuItem = (name: string) => {
  const item = STATIC_MENU.find((candidate) => candidate.name === name);
  if (!item) throw new Error(`no menu item ${name}`);
  return { ...item, productId: menuProductId(item.slug) };
};
const coxinha = menuItem('Coxinha de Frango');
const paoDeQueijo = menuItem('Pão de Queijo');
const kibe = menuItem('Bolinha de Queijo');
const kit = menuItem('Kit Festa 1');

/** How the web app names a menu item: its slug, name and the price it shows (never trusted). */
const ref = (item: { slug: string; name: string; priceCents: number }) => ({
  id: item.slug,
  nome: item.name,
  preco: item.priceCents / 100,
});

async function openCartApi(
  options: {
    eventStore?: EventStore;
    snapshotStore?: SnapshotStore;
    catalog?: CatalogView;
    rateLimits?: AccountRateLimits;
  } = {},
) {
  const eventStore = options.eventStore ?? createMemoryEventStore();
  await seedMenu(eventStore, now);
  const catalog = options.catalog ?? createCatalogView({ eventStore, logger: silentLogger });
  await catalog.start();
  closing.push(() => catalog.stop());
  const tokens = createTokenService({ secret });
  const ownWrites = createOwnWrites();
  const app = createCommandApp({
    eventStore,
    snapshotStore: options.snapshotStore ?? createMemorySnapshotStore(),
    catalog,
    ownWrites,
    now,
    tokens,
    captcha: { verify: async () => true },
    mailer: { send: async () => {} },
    publicUrl: 'http://loja.test',
    logger: silentLogger,
    passwords: cheapPasswords,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  const server = await listenOnFreePort(app);
  closing.push(() => server.close());

  const signUp = (name: string) => signedUpUser(eventStore, tokens, { name, now });

  const call = async (
    method: string,
    route: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json();
    return { status: response.status, headers: response.headers, body };
  };

  const cartEvents = async (userId: string): Promise<RecordedEvent[]> =>
    eventStore.readStream(cartStreamName(userId));

  return { eventStore, ownWrites, signUp, call, cartEvents };
}

type Api = Awaited<ReturnType<typeof openCartApi>>;

async function signedIn(api: Api) {
  const { userId, token } = await api.signUp('Ana');
  return {
    userId,
    token,
    add: (item: unknown, quantidade: unknown, headers?: Record<string, string>) =>
      api.call('POST', '/carrinho', {
        token,
        body: { userId, item, quantidade },
        ...(headers ? { headers } : {}),
      }),
    sync: (itens: unknown[], headers?: Record<string, string>) =>
      api.call('POST', '/carrinho/sync', {
        token,
        body: { userId, itens },
        ...(headers ? { headers } : {}),
      }),
    clear: () => api.call('DELETE', `/carrinho/${userId}`, { token }),
    events: () => api.cartEvents(userId),
  };
}

/** The lines of a cart answer: product id and quantity. */
function lines(body: unknown) {
  return cartDtoSchema
    .parse(body)
    .itens.map((line) => ({ id: line.item.id, quantidade: line.quantidade }));
}

async function changeProduct(store: EventStore, command: CatalogCommand) {
  await runProductCommand({ eventStore: store }, command.productId, command, {
    commandId: randomUUID(),
    correlationId: 'admin',
    actorId: 'admin-1',
    actorRole: 'admin',
    occurredAt: now().toISOString(),
  });
}

const fieldsOf = (item: typeof coxinha) => ({
  name: item.name,
  priceCents: item.priceCents,
  category: item.category,
  description: item.description,
  imageUrl: null,
  stock: 500,
  itens: item.itens,
});

describe('cart routes: who may call', () => {
  it('given no token or a bad one, when any cart route is called, then 401 and nothing is appended', async () => {
    const api = await openCartApi();
    const userId = randomUUID();
    const before = await api.eventStore.headPosition();

    for (const token of [undefined, 'not-a-token']) {
      const auth = token ? { token } : {};
      const body = { userId, item: ref(coxinha), quantidade: 20 };
      expect((await api.call('POST', '/carrinho', { ...auth, body })).status).toBe(401);
      expect(
        (await api.call('POST', '/carrinho/sync', { ...auth, body: { userId, itens: [] } })).status,
      ).toBe(401);
      expect((await api.call('DELETE', `/carrinho/${userId}`, auth)).status).toBe(401);
    }
    expect(await api.eventStore.headPosition()).toBe(before);
  });

  it('given another user’s cart, when added to, synced or cleared (body or path), then 403 and their cart is untouched', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    await ana.add(ref(coxinha), 20);
    const mallory = await api.signUp('Mallory');
    const before = await ana.events();

    const answers = [
      await api.call('POST', '/carrinho', {
        token: mallory.token,
        body: { userId: ana.userId, item: ref(coxinha), quantidade: 20 },
      }),
      await api.call('POST', '/carrinho/sync', {
        token: mallory.token,
        body: { userId: ana.userId, itens: [] },
      }),
      await api.call('DELETE', `/carrinho/${ana.userId}`, { token: mallory.token }),
    ];

    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 403,
        body: { message: m.otherUsersCart, code: 'forbidden' },
      });
    }
    expect(await ana.events()).toEqual(before);
    expect(await api.cartEvents(mallory.userId)).toEqual([]);
  });

  it('given another user’s cart, when the product is unknown too, then still 403 (ownership is checked first)', async () => {
    const api = await openCartApi();
    const mallory = await api.signUp('Mallory');

    const answer = await api.call('POST', '/carrinho', {
      token: mallory.token,
      body: { userId: randomUUID(), item: { nome: 'Nada', preco: 1 }, quantidade: 20 },
    });

    expect(answer).toMatchObject({ status: 403, body: { message: m.otherUsersCart } });
  });
});

describe('cart routes: POST /carrinho validation', () => {
  it.each([
    ['no nome', { preco: 0.6 }, 20, m.invalidItem],
    ['an empty nome', { nome: '  ', preco: 0.6 }, 20, m.invalidItem],
    ['no preco', { nome: 'Coxinha de Frango' }, 20, m.invalidItem],
    ['a preco that is text', { nome: 'Coxinha de Frango', preco: '0,60' }, 20, m.invalidItem],
    ['quantidade 0', ref(coxinha), 0, m.invalidItem],
    ['quantidade -1', ref(coxinha), -1, m.invalidItem],
    ['quantidade "20"', ref(coxinha), '20', m.invalidItem],
    ['quantidade 1.5', ref(coxinha), 1.5, m.invalidItem],
    ['quantidade above the maximum', ref(coxinha), MAX_UNITS_PER_LINE + 1, m.tooManyUnits],
    ['19 of a regular item', ref(coxinha), 19, m.minimum],
    ['no item', undefined, 20, m.invalidItem],
  ])(
    'given %s, then 400 with the spec’s message and nothing appended',
    async (_, item, quantidade, message) => {
      const api = await openCartApi();
      const ana = await signedIn(api);

      const answer = await ana.add(item, quantidade);

      expect(answer).toMatchObject({ status: 400, body: { message, code: 'validation' } });
      expect(await ana.events()).toEqual([]);
    },
  );

  it('given a field the body does not know (mass assignment), then 400 invalidRequest', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);

    const answer = await api.call('POST', '/carrinho', {
      token: ana.token,
      body: { userId: ana.userId, item: ref(coxinha), quantidade: 20, unitPriceCents: 1 },
    });

    expect(answer).toMatchObject({ status: 400, body: { message: messages.invalidRequest } });
  });

  it('given one kit, then it is added (kits have no minimum)', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);

    const answer = await ana.add(ref(kit), 1);

    expect(answer.status).toBe(200);
    expect(lines(answer.body)).toEqual([{ id: kit.productId, quantidade: 1 }]);
    expect(cartDtoSchema.parse(answer.body).itens[0]?.item).toMatchObject({
      nome: 'Kit Festa 1',
      preco: 145,
      categoria: 'Kits Festa',
      itens: kit.itens,
    });
  });

  it('given a cart of the maximum lines, when a new product is added, then 400 tooManyLines', async () => {
    const eventStore = createMemoryEventStore();
    const extra = Array.from({ length: MAX_CART_LINES }, (_, n) => ({
      ...coxinha,
      slug: `extra-${n}`,
      name: `Salgado ${n}`,
      productId: randomUUID(),
    }));
    for (const item of extra) {
      await changeProduct(eventStore, {
        type: 'AddProduct',
        productId: item.productId,
        fields: fieldsOf(item),
        isActive: true,
      });
    }
    const api = await openCartApi({ eventStore });
    const ana = await signedIn(api);
    const full = await ana.sync(
      extra.map((item) => ({ item: { nome: item.name, preco: 0.6 }, quantidade: 20 })),
    );
    expect(lines(full.body)).toHaveLength(MAX_CART_LINES);

    const answer = await ana.add(ref(coxinha), 20);

    expect(answer).toMatchObject({ status: 400, body: { message: m.tooManyLines } });
    expect(await ana.events()).toHaveLength(1);
  });

  it('given a line whose total would pass the maximum, then 400 tooManyUnits', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    await ana.add(ref(coxinha), MAX_UNITS_PER_LINE - 10);

    const answer = await ana.add(ref(coxinha), 20);

    expect(answer).toMatchObject({ status: 400, body: { message: m.tooManyUnits } });
  });
});

describe('cart routes: POST /carrinho', () => {
  it('given a price the client made up, then the cart and the event carry the catalogue’s', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);

    const answer = await ana.add({ nome: 'Coxinha de Frango', preco: 0.01 }, 20);

    expect(answer.status).toBe(200);
    expect(cartDtoSchema.parse(answer.body)).toEqual({
      userId: ana.userId,
      itens: [
        {
          item: {
            id: coxinha.productId,
            nome: 'Coxinha de Frango',
            preco: 0.6,
            categoria: 'Salgados Fritos',
            descricao: coxinha.description,
            imageUrl: '/images/cardapio/coxinha-de-frango.svg',
          },
          quantidade: 20,
        },
      ],
      position: await api.eventStore.headPosition(),
    });
    const [event] = await ana.events();
    expect(event).toMatchObject({
      type: 'CartItemAdded',
      data: {
        userId: ana.userId,
        productId: coxinha.productId,
        quantidade: 20,
        unitPriceCents: 60,
      },
    });
  });

  it('given the item named by product id, by slug, or by nome in another case without accents, then the same line grows', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);

    await ana.add({ id: paoDeQueijo.productId, nome: 'x', preco: 1 }, 20);
    await ana.add({ id: paoDeQueijo.slug, nome: 'x', preco: 1 }, 20);
    const answer = await ana.add({ nome: 'pao de queijo', preco: 1 }, 20);

    expect(lines(answer.body)).toEqual([{ id: paoDeQueijo.productId, quantidade: 60 }]);
    expect(cartDtoSchema.parse(answer.body).itens[0]?.item.preco).toBe(1);
  });

  it('given a success, then ETag is the cart’s revision, no-store, the position is recorded as the user’s own write, and the metadata names the caller', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);

    await ana.add(ref(coxinha), 20);
    const answer = await ana.add(ref(kibe), 20, { 'x-correlation-id': 'pedido-42' });

    expect(answer.headers.get('etag')).toBe(cartEtag(1));
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { position } = cartDtoSchema.parse(answer.body);
    expect(api.ownWrites.lastPosition(ana.userId)).toBe(position);
    const [, second] = await ana.events();
    expect(second?.position).toBe(position);
    expect(second?.metadata).toMatchObject({
      actorId: ana.userId,
      actorRole: 'user',
      correlationId: 'pedido-42',
      occurredAt: now().toISOString(),
    });
  });

  it.each([
    ['unknown', { nome: 'Coxinha de Vento', preco: 0.6 }, m.productNotFound],
    ['deactivated', ref(coxinha), m.productUnavailable],
    ['deleted', ref(kit), m.productUnavailable],
  ])('given a product %s, then 400 and the cart is unchanged', async (_, item, message) => {
    const api = await openCartApi();
    await changeProduct(api.eventStore, {
      type: 'UpdateProduct',
      productId: coxinha.productId,
      fields: fieldsOf(coxinha),
      isActive: false,
    });
    await changeProduct(api.eventStore, { type: 'DeleteProduct', productId: kit.productId });
    const ana = await signedIn(api);
    await ana.add(ref(kibe), 20);

    const answer = await ana.add(item, 20);

    expect(answer).toMatchObject({ status: 400, body: { message, code: 'validation' } });
    expect(await ana.events()).toHaveLength(1);
  });

  it('given a product added by an admin a moment ago, then it can be added at once', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    const productId = randomUUID();
    await changeProduct(api.eventStore, {
      type: 'AddProduct',
      productId,
      fields: { ...fieldsOf(coxinha), name: 'Coxinha de Costela', priceCents: 90 },
      isActive: true,
    });

    const answer = await ana.add({ nome: 'Coxinha de Costela', preco: 0.9 }, 20);

    expect(lines(answer.body)).toEqual([{ id: productId, quantidade: 20 }]);
  });

  it('given a product deactivated after it was added, then the cart answer leaves its line out', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    await ana.add(ref(coxinha), 20);
    await changeProduct(api.eventStore, {
      type: 'UpdateProduct',
      productId: coxinha.productId,
      fields: fieldsOf(coxinha),
      isActive: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));

    const answer = await ana.add(ref(kibe), 20);

    expect(lines(answer.body)).toEqual([{ id: kibe.productId, quantidade: 20 }]);
  });

  it('given ten different items added at once, then the cart has ten lines', async () => {
    const api = await openCartApi();
    await tenConcurrentAdds(api);
  });
});

async function tenConcurrentAdds(api: Api) {
  const ana = await signedIn(api);
  const items = Array.from({ length: 10 }, (_, index) => STATIC_MENU[index]);

  const answers = await Promise.all(
    items.map((item) => ana.add({ id: item?.slug, nome: item?.name, preco: 1 }, 20)),
  );

  expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
  const events = await ana.events();
  expect(events).toHaveLength(10);
  expect(new Set(events.map((event) => event.data['productId'])).size).toBe(10);
  const last = await ana.sync(
    items.map((item) => ({ item: { id: item?.slug, nome: 'x', preco: 1 }, quantidade: 20 })),
  );
  expect(lines(last.body)).toHaveLength(10);
  expect(await ana.events()).toHaveLength(10);
}

describe('cart routes: POST /carrinho/sync', () => {
  it('given a cart, when synced with one quantity changed (to 19), then CartItemQuantityChanged', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    await ana.add(ref(coxinha), 20);
    await ana.add(ref(kibe), 30);

    const answer = await ana.sync([
      { item: ref(coxinha), quantidade: 19 },
      { item: ref(kibe), quantidade: 30 },
    ]);

    expect(lines(answer.body)).toEqual([
      { id: coxinha.productId, quantidade: 19 },
      { id: kibe.productId, quantidade: 30 },
    ]);
    expect((await ana.events()).map((event) => event.type)).toEqual([
      'CartItemAdded',
      'CartItemAdded',
      'CartItemQuantityChanged',
    ]);
  });

  it('given a cart, when synced with a line at 0 or left out, then CartItemRemoved', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    await ana.add(ref(coxinha), 20);
    await ana.add(ref(kibe), 30);
    await ana.add(ref(paoDeQueijo), 40);

    const zero = await ana.sync([
      { item: ref(coxinha), quantidade: 0 },
      { item: ref(kibe), quantidade: 30 },
      { item: ref(paoDeQueijo), quantidade: 40 },
    ]);
    const leftOut = await ana.sync([{ item: ref(kibe), quantidade: 30 }]);

    expect(lines(zero.body)).toHaveLength(2);
    expect(lines(leftOut.body)).toEqual([{ id: kibe.productId, quantidade: 30 }]);
    expect((await ana.events()).slice(3).map((event) => event.type)).toEqual([
      'CartItemRemoved',
      'CartItemRemoved',
    ]);
  });

  it('given a local cart merged with the server’s, when synced, then duplicates are summed and the cart is replaced once; sent again, nothing is appended', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    await ana.add(ref(coxinha), 20);
    const merged = [
      { item: ref(coxinha), quantidade: 20 },
      { item: { nome: 'PÃO DE QUEIJO', preco: 9 }, quantidade: 25 },
      { item: ref(paoDeQueijo), quantidade: 5 },
      { item: ref(kit), quantidade: 2 },
    ];

    const first = await ana.sync(merged);
    const second = await ana.sync(merged);

    const expected = [
      { id: coxinha.productId, quantidade: 20 },
      { id: paoDeQueijo.productId, quantidade: 30 },
      { id: kit.productId, quantidade: 2 },
    ];
    expect(lines(first.body)).toEqual(expected);
    expect(lines(second.body)).toEqual(expected);
    const events = await ana.events();
    expect(events.map((event) => event.type)).toEqual(['CartItemAdded', 'CartReplaced']);
    expect(first.headers.get('etag')).toBe(cartEtag(1));
    expect(second.headers.get('etag')).toBe(cartEtag(1));
    expect(cartDtoSchema.parse(second.body).position).toBe(events[1]?.position);
  });

  it('given an empty cart, when synced empty, then 200 with no lines, ETag "-1" and nothing appended', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);

    const answer = await ana.sync([]);

    expect(answer).toMatchObject({ status: 200, body: { userId: ana.userId, itens: [] } });
    expect(answer.headers.get('etag')).toBe(cartEtag(-1));
    expect(await ana.events()).toEqual([]);
  });

  it.each([
    ['unknown', { nome: 'Coxinha de Vento', preco: 0.6 }, productNotFoundNamed('Coxinha de Vento')],
    ['deactivated', ref(coxinha), productUnavailableNamed('Coxinha de Frango')],
    ['deleted', ref(kit), productUnavailableNamed('Kit Festa 1')],
  ])(
    'given a line of a product %s, then 400 naming it and the cart is unchanged',
    async (_, item, message) => {
      const api = await openCartApi();
      await changeProduct(api.eventStore, {
        type: 'UpdateProduct',
        productId: coxinha.productId,
        fields: fieldsOf(coxinha),
        isActive: false,
      });
      await changeProduct(api.eventStore, { type: 'DeleteProduct', productId: kit.productId });
      const ana = await signedIn(api);
      await ana.add(ref(kibe), 20);

      const answer = await ana.sync([
        { item: ref(kibe), quantidade: 40 },
        { item, quantidade: 20 },
      ]);

      expect(answer).toMatchObject({ status: 400, body: { message, code: 'validation' } });
      expect(await ana.events()).toHaveLength(1);
    },
  );

  it('given a line of a product gone at quantity 0, then it is just dropped', async () => {
    const api = await openCartApi();
    await changeProduct(api.eventStore, { type: 'DeleteProduct', productId: kit.productId });
    const ana = await signedIn(api);

    const answer = await ana.sync([
      { item: ref(kibe), quantidade: 20 },
      { item: ref(kit), quantidade: 0 },
    ]);

    expect(lines(answer.body)).toEqual([{ id: kibe.productId, quantidade: 20 }]);
  });

  it.each([
    [
      'a quantity that is not a whole number',
      [{ item: ref(coxinha), quantidade: 1.5 }],
      m.invalidQuantity,
    ],
    ['a negative quantity', [{ item: ref(coxinha), quantidade: -1 }], m.invalidQuantity],
    [
      'a quantity above the maximum',
      [{ item: ref(coxinha), quantidade: MAX_UNITS_PER_LINE + 1 }],
      m.tooManyUnits,
    ],
    [
      'duplicates summing above the maximum',
      [
        { item: ref(coxinha), quantidade: MAX_UNITS_PER_LINE },
        { item: ref(coxinha), quantidade: 1 },
      ],
      m.tooManyUnits,
    ],
    [
      'too many lines',
      Array.from({ length: MAX_CART_LINES + 1 }, () => ({ item: ref(coxinha), quantidade: 20 })),
      m.tooManyLines,
    ],
    ['an item without nome', [{ item: { preco: 1 }, quantidade: 20 }], m.invalidItem],
  ])('given %s, then 400 with its message', async (_, itens, message) => {
    const api = await openCartApi();
    const ana = await signedIn(api);

    const answer = await ana.sync(itens);

    expect(answer).toMatchObject({ status: 400, body: { message } });
    expect(await ana.events()).toEqual([]);
  });

  it('given If-Match of the revision the client saw, when nobody else wrote, then the sync lands', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    const added = await ana.add(ref(coxinha), 20);

    const answer = await ana.sync([{ item: ref(coxinha), quantidade: 40 }], {
      'if-match': added.headers.get('etag') ?? '',
    });

    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBe(cartEtag(1));
    expect(lines(answer.body)).toEqual([{ id: coxinha.productId, quantidade: 40 }]);
  });

  it('given If-Match of a revision another tab has since moved past, then 412 with the current cart and its ETag, and nothing appended', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    const seen = await ana.add(ref(coxinha), 20);
    await ana.add(ref(kibe), 20);
    const before = await ana.events();

    const answer = await ana.sync([{ item: ref(coxinha), quantidade: 40 }], {
      'if-match': seen.headers.get('etag') ?? '',
    });

    expect(answer).toMatchObject({
      status: 412,
      body: { message: m.changedElsewhere, code: 'cart_changed' },
    });
    expect(answer.headers.get('etag')).toBe(cartEtag(1));
    const body = answer.body;
    const cart =
      typeof body === 'object' && body !== null && 'cart' in body ? body.cart : undefined;
    expect(lines(cart)).toEqual([
      { id: coxinha.productId, quantidade: 20 },
      { id: kibe.productId, quantidade: 20 },
    ]);
    expect(await ana.events()).toEqual(before);
  });

  it('given If-Match "-1" (never written) on a cart written since, then 412', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    await ana.add(ref(coxinha), 20);

    const answer = await ana.sync([], { 'if-match': cartEtag(-1) });

    expect(answer.status).toBe(412);
    expect(await ana.events()).toHaveLength(1);
  });

  it('given an If-Match that is not one of our ETags, then 400 invalidRequest', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);

    const answer = await ana.sync([], { 'if-match': 'W/"abc"' });

    expect(answer).toMatchObject({ status: 400, body: { message: messages.invalidRequest } });
  });
});

describe('cart routes: DELETE /carrinho/{userId}', () => {
  it('given a cart, when cleared, then 200 with no items; cleared again, then 200 and nothing more appended', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    await ana.add(ref(coxinha), 20);

    const cleared = await ana.clear();
    const again = await ana.clear();

    const position = await api.eventStore.headPosition();
    expect(cleared).toMatchObject({
      status: 200,
      body: { userId: ana.userId, itens: [], position },
    });
    expect(again).toMatchObject({ status: 200, body: { userId: ana.userId, itens: [], position } });
    expect(cleared.headers.get('etag')).toBe(cartEtag(1));
    expect(again.headers.get('etag')).toBe(cartEtag(1));
    expect((await ana.events()).map((event) => event.type)).toEqual([
      'CartItemAdded',
      'CartCleared',
    ]);
  });

  it('given If-Match of a cart another tab has changed since, when cleared, then 412 with the cart as it is and nothing appended; with the current ETag, then cleared', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    await ana.add(ref(coxinha), 20);
    await ana.add(ref(kit), 1);
    const route = `/carrinho/${ana.userId}`;

    const stale = await api.call('DELETE', route, {
      token: ana.token,
      headers: { 'if-match': cartEtag(0) },
    });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(cartEtag(1));
    expect(stale.body).toMatchObject({
      message: m.changedElsewhere,
      code: 'cart_changed',
    });
    expect((await ana.events()).map((event) => event.type)).toEqual([
      'CartItemAdded',
      'CartItemAdded',
    ]);

    const current = await api.call('DELETE', route, {
      token: ana.token,
      headers: { 'if-match': cartEtag(1) },
    });
    expect(current).toMatchObject({ status: 200, body: { itens: [] } });
  });

  it('given If-Match: *, then it matches any cart that exists and refuses a cart never written', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);
    const route = `/carrinho/${ana.userId}`;
    const star = { token: ana.token, headers: { 'if-match': '*' } };

    expect((await api.call('DELETE', route, star)).status).toBe(412);
    await ana.add(ref(coxinha), 20);
    expect(await api.call('DELETE', route, star)).toMatchObject({
      status: 200,
      body: { itens: [] },
    });
  });

  it('given a cart never written, when cleared, then 200 with no items', async () => {
    const api = await openCartApi();
    const ana = await signedIn(api);

    expect(await ana.clear()).toMatchObject({
      status: 200,
      body: { userId: ana.userId, itens: [] },
    });
  });
});

describe('cart routes: per-user write limit', () => {
  it('given a customer past her cart writes for the minute, then 429 in pt-BR and nothing appended, while another customer still writes', async () => {
    const api = await openCartApi({
      rateLimits: { ...DEFAULT_RATE_LIMITS, cartWritesPerUser: { limit: 3, windowMs: 60_000 } },
    });
    const ana = await signedIn(api);
    const bia = await signedIn(api);
    await ana.add(ref(coxinha), 20);
    await ana.sync([{ item: ref(coxinha), quantidade: 25 }]);
    await ana.clear();

    const refused = await ana.add(ref(coxinha), 20);

    expect(refused).toMatchObject({
      status: 429,
      body: { message: accountMessages.tooManyRequests, code: 'too_many_requests' },
    });
    expect(await ana.events()).toHaveLength(3);
    expect((await bia.add(ref(coxinha), 20)).status).toBe(200);
  });
});

await describeWithPostgres('cart routes on PostgreSQL', (url) => {
  const { schema, drop } = throwawaySchema(url);
  afterAll(drop);

  it('given ten different items added at once to one cart on PostgreSQL, then the cart has ten lines', async () => {
    const stores = await createPostgresStores({ url, schema });
    closing.push(async () => {
      await stores.snapshotStore.close();
      await stores.eventStore.close();
    });
    const api = await openCartApi(stores);
    await tenConcurrentAdds(api);
  });
});
