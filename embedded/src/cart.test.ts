import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uniformRateLimits } from '@quitute/command-api';
import { cartDtoSchema, CARTS_COLLECTION } from '@quitute/contracts';
import { silentLogger } from '@quitute/infra/logging';
import {
  createMemoryReadStore,
  type ReadCollection,
  type ReadDocument,
  type ReadStore,
} from '@quitute/infra/read-store';
import { solveAsWidget } from '@quitute/infra/testing';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';

/**
 * Read-your-writes on the embedded shop for a plain HTTP client: it writes to
 * its cart and reads it straight back, sending no X-Min-Position, and must see
 * every write (the read waits for the customer's own last write position).
 * The carts read model is written 150 ms late here, as under load, so a read
 * that did not wait would see the cart as it was.
 */

const CART_WRITE_DELAY_MS = 150;

function withLateCartWrites(readStore: ReadStore): ReadStore {
  const sleep = () => new Promise((resolve) => setTimeout(resolve, CART_WRITE_DELAY_MS));
  return {
    collection<T extends ReadDocument>(name: string): ReadCollection<T> {
      const collection = readStore.collection<T>(name);
      if (name !== CARTS_COLLECTION) return collection;
      return {
        ...collection,
        put: async (document: T) => {
          await sleep();
          await collection.put(document);
        },
        putMany: async (documents: readonly T[]) => {
          await sleep();
          await collection.putMany(documents);
        },
      };
    },
    ensureIndexes: (name, specs) => readStore.ensureIndexes(name, specs),
    listIndexes: (name) => readStore.listIndexes(name),
    replaceCollection: (target, source) => readStore.replaceCollection(target, source),
    close: () => readStore.close(),
  };
}

let server: EmbeddedServer;
let url: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await makeDataDir('quitute-cart');
  server = await createEmbeddedServer({ port: 0, dataDir, logLevel: 'silent' }, silentLogger, {
    web: noWebApp,
    passwords: cheapPasswords,
    rateLimits: uniformRateLimits({ limit: 10_000, windowMs: 60_000 }),
    readStore: withLateCartWrites(createMemoryReadStore()),
  });
  url = await server.listen();
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function call(method: string, route: string, token: string, body?: unknown) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

async function loggedInCustomer(): Promise<{ userId: string; token: string }> {
  const captcha = async () => {
    const challenge: unknown = await (await fetch(`${url}/api/auth/captcha`)).json();
    return (await solveAsWidget(challenge)).payload;
  };
  const email = `cliente.${crypto.randomUUID()}@exemplo.com.br`;
  const post = (route: string, body: unknown) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/auth/register', {
    email,
    password: 'Bolo2026',
    name: 'Cliente',
    recaptchaToken: await captcha(),
  });
  expect(registered.status).toBe(201);
  const login = await post('/api/auth/login', {
    email,
    password: 'Bolo2026',
    recaptchaToken: await captcha(),
  });
  return z.object({ userId: z.string(), token: z.string() }).parse(await login.json());
}

describe('the cart on the embedded shop', () => {
  it('given a plain client that sends no X-Min-Position, when it adds, syncs and clears and reads back after each, then every read shows its write', async () => {
    const { userId, token } = await loggedInCustomer();
    const menu = ['coxinha-de-frango', 'kibe', 'brigadeiro', 'beijinho', 'pao-de-queijo'];

    for (const [index, slug] of menu.entries()) {
      const added = await call('POST', '/carrinho', token, {
        userId,
        item: { id: slug, nome: slug, preco: 0 },
        quantidade: 20,
      });
      expect(added.status).toBe(200);
      const read = cartDtoSchema.parse((await call('GET', `/carrinho/${userId}`, token)).body);
      expect(read.itens).toHaveLength(index + 1);
    }

    const synced = await call('POST', '/carrinho/sync', token, {
      userId,
      itens: [{ item: { id: 'kibe', nome: 'Kibe', preco: 0 }, quantidade: 35 }],
    });
    expect(synced.status).toBe(200);
    const afterSync = cartDtoSchema.parse((await call('GET', `/carrinho/${userId}`, token)).body);
    expect(afterSync.itens.map((line) => [line.item.nome, line.quantidade])).toEqual([
      ['Kibe', 35],
    ]);

    expect((await call('DELETE', `/carrinho/${userId}`, token)).status).toBe(200);
    const afterClear = cartDtoSchema.parse((await call('GET', `/carrinho/${userId}`, token)).body);
    expect(afterClear.itens).toEqual([]);
  });
});
