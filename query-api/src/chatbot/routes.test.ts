import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  chatbotMessages as m,
  chatbotReplySchema,
  DEFAULT_KITCHEN_SCHEDULE,
  DEFAULT_SHOP_SETTINGS,
  foldForSearch,
  messages,
  ORDERS_COLLECTION,
  PRODUCTS_COLLECTION,
  SCHEDULE_COLLECTION,
  SHOP_SETTINGS_COLLECTION,
  STATIC_MENU,
  USERS_COLLECTION,
  type ProductDocument,
  type Role,
  type ScheduleDocument,
  type ShopSettingsDocument,
  type UserDocument,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createQueryApp } from '../app';
import { anOrder } from '../ordering/order-fixtures';
import type { ChatbotOptions } from './routes';

/**
 * POST /api/chatbot over real HTTP: the built-in assistant on the menu and
 * orders read models, the caller's own order only, the input limits, and the
 * external workflow when one is configured.
 */

const ana = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const bia = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

const tokens = createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789' });
const readStore = createMemoryReadStore();

const user = (id: string, name: string, role: Role): UserDocument => ({
  _id: id,
  email: `${name.toLowerCase()}@exemplo.com.br`,
  name,
  phone: '',
  address: '',
  notifications: { email: true, sms: false },
  role,
  isDeleted: false,
  sessionVersion: 0,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
});
const tokenOf = (id: string) =>
  tokens.sign({
    userId: id,
    email: 'x@exemplo.com.br',
    name: 'X',
    role: 'user',
    sessionVersion: 0,
  });

const products: ProductDocument[] = STATIC_MENU.map((item, index) => ({
  _id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
  name: item.name,
  // The read model's price, not the static menu's: the brigadeiro went up.
  priceCents: item.slug === 'brigadeiro' ? 75 : item.priceCents,
  category: item.category,
  description: item.description,
  imageUrl: null,
  stock: 100,
  itens: [...item.itens],
  isActive: item.slug !== 'kibe',
  isDeleted: false,
  searchText: foldForSearch(item.name),
  addedAt: index + 1,
}));

/**
 * The shop_settings_v1 document as the projection writes it: the seed, or a
 * later save; recorded before issue 40, so with the retired hours in it.
 */
const settingsDocument = (openingHoursText: string, position: number): ShopSettingsDocument => ({
  _id: 'shop',
  settings: { ...structuredClone(DEFAULT_SHOP_SETTINGS), openingHoursText },
  updatedAt: '2026-11-20T12:00:00.000Z',
  updatedBy: 'system',
  position,
});

const order = (n: number, userId: string, createdAt: string, orderNumber: number) =>
  anOrder({
    _id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    paymentId: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId,
    orderNumber,
    createdAt,
    updatedAt: createdAt,
  });

const servers: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function openChat(chatbot?: ChatbotOptions) {
  const server = await listenOnFreePort(
    createQueryApp({
      readStore,
      waitForPosition: async () => true,
      health: () => ({ status: 'ok' }),
      logger: silentLogger,
      tokens,
      captcha: { challenge: async () => ({}) },
      trustProxy: 1,
      ...(chatbot ? { chatbot } : {}),
    }),
  );
  servers.push(server);
  return async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/api/chatbot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const answer: unknown = await response.json();
    return { status: response.status, body: answer };
  };
}

let chat: Awaited<ReturnType<typeof openChat>>;
const replyTo = async (message: string, headers: Record<string, string> = {}) => {
  const answer = await chat({ message }, headers);
  expect(answer.status).toBe(200);
  return chatbotReplySchema.parse(answer.body).reply;
};

beforeAll(async () => {
  await readStore
    .collection(USERS_COLLECTION)
    .putMany([user(ana, 'Ana', 'user'), user(bia, 'Bia', 'user')]);
  await readStore.collection(PRODUCTS_COLLECTION).putMany(products);
  await readStore
    .collection(ORDERS_COLLECTION)
    .putMany([
      order(1, ana, '2026-11-20T12:00:00.000Z', 1001),
      order(2, ana, '2026-11-21T12:00:00.000Z', 1003),
      order(3, bia, '2026-11-22T12:00:00.000Z', 1002),
    ]);
  await readStore
    .collection(SHOP_SETTINGS_COLLECTION)
    .put(settingsDocument('terça a domingo, das 10h às 19h', 1));
  chat = await openChat();
});

describe('POST /api/chatbot: the built-in assistant', () => {
  it('given "quanto custa o brigadeiro?", then the price the menu read model has', async () => {
    expect(await replyTo('quanto custa o brigadeiro?')).toContain(
      'Brigadeiro (Doces Tradicionais): R$ 0,75 a unidade.',
    );
  });

  it('given an inactive product, then it is not priced', async () => {
    expect(await replyTo('quanto custa o kibe?')).not.toContain('Kibe');
  });

  it('given "qual o pedido mínimo?", then 20 unidades', async () => {
    expect(await replyTo('qual o pedido mínimo?')).toContain('20 unidades');
  });

  it('given no calendar saved (and old settings with their own hours), when the hours are asked, then the default calendar’s; after the admin saves one, its hours and lead time at once', async () => {
    expect(await replyTo('Que horas vocês abrem?')).toBe(
      'Nosso horário de atendimento: segunda a sábado, das 9h às 18h.',
    );

    const week = DEFAULT_KITCHEN_SCHEDULE.weekly.pickup;
    const saved: ScheduleDocument = {
      _id: 'schedule',
      schedule: {
        ...structuredClone(DEFAULT_KITCHEN_SCHEDULE),
        leadDays: 3,
        weekly: {
          pickup: { ...week, sat: [{ open: '08:00', close: '12:00' }] },
          delivery: { ...week, sat: [{ open: '08:00', close: '12:00' }] },
        },
      },
      updatedAt: '2026-11-27T15:00:00.000Z',
      updatedBy: ana,
      position: 9,
    };
    const schedule = readStore.collection(SCHEDULE_COLLECTION);
    await schedule.put(saved);
    try {
      expect(await replyTo('Que horas vocês abrem?')).toBe(
        'Nosso horário de atendimento: segunda a sexta, das 9h às 18h; sábado, das 8h às 12h.',
      );
      expect(await replyTo('Com quantos dias de antecedência devo pedir?')).toContain(
        'pelo menos 3 dias de antecedência',
      );
    } finally {
      await schedule.delete('schedule');
    }
  });

  it('given the contact asked, then the WhatsApp number of the shop’s settings', async () => {
    expect(await replyTo('qual o whatsapp?')).toContain('(11) 98765-4321');
  });

  it('given the shop’s settings are not projected yet, then 503 with the spec’s chat error', async () => {
    const settings = readStore.collection(SHOP_SETTINGS_COLLECTION);
    await settings.delete('shop');
    try {
      expect(await chat({ message: 'Que horas vocês abrem?' })).toEqual({
        status: 503,
        body: { message: m.failed, code: 'unavailable' },
      });
    } finally {
      await settings.put(settingsDocument('terça a domingo, das 10h às 19h', 1));
    }
  });

  it('given gibberish, then the spec’s "not understood" reply', async () => {
    expect(await replyTo('xyzzy')).toBe(m.notUnderstood);
  });

  it('given "quero 100 coxinhas", then the price for 100 from the menu read model and the links to follow', async () => {
    const answer = await chat({ message: 'quero 100 coxinhas' });

    expect(answer.status).toBe(200);
    const { reply, links } = chatbotReplySchema.parse(answer.body);
    expect(reply).toContain('Coxinha de Frango: 100 unidades × R$ 0,60 = R$ 60,00.');
    expect(links).toContainEqual({
      target: 'menu',
      label: 'Ver Coxinha de Frango no cardápio',
      search: 'Coxinha de Frango',
    });
  });
});

describe('POST /api/chatbot: "status do meu pedido"', () => {
  it('given Ana’s token, then her own last order', async () => {
    const reply = await replyTo('status do meu pedido', {
      authorization: `Bearer ${tokenOf(ana)}`,
    });

    expect(reply).toContain('Seu último pedido é o #1003');
  });

  it('given Bia’s token and a message naming Ana’s order, then still only Bia’s own', async () => {
    const reply = await replyTo('status do meu pedido 1003', {
      authorization: `Bearer ${tokenOf(bia)}`,
    });

    expect(reply).toContain('#1002');
    expect(reply).not.toContain('1003 ');
    expect(reply).not.toContain('#1003');
  });

  it.each([
    ['no token', {}],
    ['a bad token', { authorization: 'Bearer not-a-token' }],
    [
      'the token of a user who is not there',
      { authorization: `Bearer ${tokenOf('9f9f9f9f-1111-4222-8333-444444444444')}` },
    ],
  ])('given %s, then she is asked to log in', async (_case, headers) => {
    expect(await replyTo('status do meu pedido', headers)).toContain('faça login');
  });
});

describe('POST /api/chatbot: what it refuses', () => {
  it.each([
    ['an empty message', { message: '' }, m.empty],
    ['a blank message', { message: '  \n ' }, m.empty],
    ['no message', {}, m.empty],
    ['a message over 500 characters', { message: 'a'.repeat(501) }, m.tooLong],
    ['a message with a NUL', { message: 'oi\u0000' }, messages.invalidText],
    ['a key the body does not know', { message: 'oi', userId: ana }, messages.invalidRequest],
    ['a body that is not an object', '"oi"', messages.invalidRequest],
  ])('given %s, then 400 with its message', async (_case, body, message) => {
    expect(await chat(body)).toMatchObject({ status: 400, body: { message, code: 'validation' } });
  });

  it('given exactly 500 characters, then it is answered', async () => {
    expect(await replyTo(`${'a'.repeat(499)}?`)).toBe(m.notUnderstood);
  });

  it('given a body larger than any message, then 413 before anything is parsed', async () => {
    const answer = await chat({ message: 'a'.repeat(20_000) });
    expect(answer).toMatchObject({ status: 413, body: { message: messages.requestTooLarge } });
  });

  it('given one address past its limit, then 429 in pt-BR while another address still chats', async () => {
    const limited = await openChat({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });

    expect((await limited({ message: 'oi' }, from('203.0.113.7'))).status).toBe(200);
    expect((await limited({ message: 'oi' }, from('203.0.113.7'))).status).toBe(200);
    expect(await limited({ message: 'oi' }, from('203.0.113.7'))).toMatchObject({
      status: 429,
      body: { message: m.tooMany, code: 'too_many_requests' },
    });
    expect((await limited({ message: 'oi' }, from('198.51.100.9'))).status).toBe(200);
  });
});

describe('POST /api/chatbot: the external workflow (CHATBOT_WEBHOOK_URL)', () => {
  let answer: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
  const received: string[] = [];
  let webhookUrl = '';
  let closeWebhook: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const webhook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push(body);
        answer(req, res, body);
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
    const address = webhook.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');
    webhookUrl = `http://127.0.0.1:${address.port}/webhook/chat`;
    closeWebhook = () =>
      new Promise((resolve) => {
        webhook.close(() => resolve());
        webhook.closeAllConnections();
      });
  });
  afterAll(() => closeWebhook());
  afterEach(() => {
    received.length = 0;
  });

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  it('given the workflow answers {reply}, then that reply; it received exactly {message}', async () => {
    answer = (_req, res) => json(res, 200, { reply: 'Olá! Aqui é o atendimento.' });
    const forwarded = await openChat({ webhookUrl });

    const result = await forwarded({ message: '  quanto custa o brigadeiro? ' });

    expect(result).toEqual({ status: 200, body: { reply: 'Olá! Aqui é o atendimento.' } });
    expect(received.map((body) => JSON.parse(body))).toEqual([
      { message: 'quanto custa o brigadeiro?' },
    ]);
  });

  it('given an answer without a reply field, then the spec’s fallback text', async () => {
    answer = (_req, res) => json(res, 200, { output: 'outra coisa' });
    const forwarded = await openChat({ webhookUrl });

    expect(await forwarded({ message: 'oi' })).toEqual({
      status: 200,
      body: { reply: m.notUnderstood },
    });
  });

  it.each([
    [
      'an error status',
      (_req: unknown, res: http.ServerResponse) => json(res, 500, { reply: 'x' }),
    ],
    [
      'an answer too large',
      (_req: unknown, res: http.ServerResponse) => json(res, 200, { reply: 'a'.repeat(70_000) }),
    ],
    ['no answer in time', () => {}],
  ])('given %s, then 503 with the spec’s chat error', async (_case, respond) => {
    answer = respond;
    const forwarded = await openChat({ webhookUrl, webhookTimeoutMs: 300 });

    expect(await forwarded({ message: 'oi' })).toEqual({
      status: 503,
      body: { message: m.failed, code: 'unavailable' },
    });
  });

  it('given no workflow listening, then 503 with the spec’s chat error', async () => {
    const forwarded = await openChat({ webhookUrl: 'http://127.0.0.1:9/webhook' });

    expect(await forwarded({ message: 'oi' })).toMatchObject({
      status: 503,
      body: { message: m.failed },
    });
  });
});
