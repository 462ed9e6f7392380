import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  customOrderMessages as m,
  customOrderStreamName,
  customOrderResponseSchema,
  messages,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createCatalogView } from '../catalog/catalog-view';
import { testCommandApp } from '../shared/test-app';
import { signedUpUser } from '../shared/testing';

/**
 * POST /api/custom-orders over real HTTP: what a request appends, what it
 * refuses (with the spec's messages), who it names, and the per-IP limit.
 */

const secret = 'a-test-secret-that-is-long-enough-0123456789';
// 02:00 UTC on the 28th is still the 27th in São Paulo.
const now = () => new Date('2026-11-28T02:00:00.000Z');

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

const form = {
  nome: 'Marina Souza',
  email: 'Marina@Example.com',
  telefone: '(11) 98765-4321',
  dataEvento: '2026-12-05',
  descricao: 'Aniversário de 40 anos, 80 convidados: coxinhas e brigadeiros.',
};

async function openCustomOrderApi(options: { limit?: number } = {}) {
  const eventStore = createMemoryEventStore();
  const catalog = createCatalogView({ eventStore, logger: silentLogger });
  await catalog.start();
  closing.push(() => catalog.stop());
  const tokens = createTokenService({ secret });
  const app = testCommandApp(
    { eventStore, catalog, tokens, now },
    {
      trustProxy: 1,
      ...(options.limit
        ? { customOrderRateLimit: { limit: options.limit, windowMs: 60_000 } }
        : {}),
    },
  );
  const server = await listenOnFreePort(app);
  closing.push(() => server.close());

  const post = async (sent: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/api/custom-orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(sent),
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json();
    return { status: response.status, body };
  };
  const signUp = () => signedUpUser(eventStore, tokens, { name: 'Ana', now });
  const events = (requestId: string) => eventStore.readStream(customOrderStreamName(requestId));
  return { eventStore, post, signUp, events };
}

describe('POST /api/custom-orders', () => {
  it('given a visitor’s filled form, when sent, then 201 with the spec’s success text and one CustomOrderRequested in its own stream, with the usual metadata', async () => {
    const api = await openCustomOrderApi();

    const answer = await api.post(form);

    expect(answer.status).toBe(201);
    const { message, requestId } = customOrderResponseSchema.parse(answer.body);
    expect(message).toBe('Encomenda enviada com sucesso!');
    const events = await api.events(requestId);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      [
        'CustomOrderRequested',
        {
          requestId,
          name: 'Marina Souza',
          email: 'marina@example.com',
          phone: '11987654321',
          eventDate: '2026-12-05',
          details: 'Aniversário de 40 anos, 80 convidados: coxinhas e brigadeiros.',
        },
      ],
    ]);
    expect(events[0]?.metadata).toMatchObject({
      actorId: `visitor-${requestId}`,
      actorRole: 'user',
      occurredAt: now().toISOString(),
    });
    expect(events[0]?.metadata).toHaveProperty('correlationId');
    expect(events[0]?.metadata).toHaveProperty('causationId');
  });

  it('given a signed-in customer, then the request names her as customer and actor', async () => {
    const api = await openCustomOrderApi();
    const ana = await api.signUp();

    const answer = await api.post(form, { authorization: `Bearer ${ana.token}` });

    const { requestId } = customOrderResponseSchema.parse(answer.body);
    const [event] = await api.events(requestId);
    expect(event?.data).toMatchObject({ customerId: ana.userId });
    expect(event?.metadata).toMatchObject({ actorId: ana.userId });
  });

  it('given a token that is not valid, then it is still recorded, as a visitor’s', async () => {
    const api = await openCustomOrderApi();

    const answer = await api.post(form, { authorization: 'Bearer not-a-token' });

    const { requestId } = customOrderResponseSchema.parse(answer.body);
    const [event] = await api.events(requestId);
    expect(event?.data).not.toHaveProperty('customerId');
  });

  it('given an event today in the shop’s day (the 27th, though UTC is on the 28th), then it is recorded', async () => {
    const api = await openCustomOrderApi();

    expect((await api.post({ ...form, dataEvento: '2026-11-27' })).status).toBe(201);
  });

  it.each([
    ['an event day before today', { dataEvento: '2026-11-26' }, 'dataEvento', m.pastDate],
    ['a phone of 9 digits', { telefone: '98765-432' }, 'telefone', m.phoneInvalid],
    ['a phone with letters', { telefone: '11 9876A-4321' }, 'telefone', m.phoneInvalid],
    ['no name', { nome: '   ' }, 'nome', m.nameRequired],
    ['an e-mail without @', { email: 'marina.example.com' }, 'email', m.emailInvalid],
    ['a day that is not one', { dataEvento: '2026-02-30' }, 'dataEvento', m.eventDateInvalid],
    ['no description', { descricao: '' }, 'descricao', m.detailsRequired],
    ['a description too long', { descricao: 'a'.repeat(2_001) }, 'descricao', m.detailsTooLong],
  ])(
    'given %s, then 400 with its pt-BR message under its field and nothing appended',
    async (_case, change, field, message) => {
      const api = await openCustomOrderApi();
      const before = await api.eventStore.headPosition();

      const answer = await api.post({ ...form, ...change });

      expect(answer).toMatchObject({
        status: 400,
        body: { message, code: 'validation', fields: { [field]: message } },
      });
      expect(await api.eventStore.headPosition()).toBe(before);
    },
  );

  it.each([
    ['a key the form does not have', { ...form, customerId: randomUUID() }],
    ['an operator in a field', { ...form, email: { $gt: '' } }],
  ])('given %s, then 400 and nothing appended', async (_case, body) => {
    const api = await openCustomOrderApi();
    const before = await api.eventStore.headPosition();

    const answer = await api.post(body);

    expect(answer.status).toBe(400);
    expect(answer.body).not.toHaveProperty('stack');
    expect(await api.eventStore.headPosition()).toBe(before);
  });

  it('given one address past its limit, then 429 in pt-BR while another address still sends', async () => {
    const api = await openCustomOrderApi({ limit: 2 });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });

    expect((await api.post(form, from('203.0.113.7'))).status).toBe(201);
    expect((await api.post(form, from('203.0.113.7'))).status).toBe(201);
    expect(await api.post(form, from('203.0.113.7'))).toMatchObject({
      status: 429,
      body: { message: m.tooMany },
    });
    expect((await api.post(form, from('198.51.100.9'))).status).toBe(201);
  });

  it('given a body that is not JSON, then 400 with the shop’s message', async () => {
    const api = await openCustomOrderApi();

    const answer = await api.post('"texto"');

    expect(answer).toMatchObject({ status: 400, body: { message: messages.invalidRequest } });
  });
});
