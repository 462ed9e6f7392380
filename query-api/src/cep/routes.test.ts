import http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountMessages, cepLookupSchema } from '@quitute/contracts';
import { createTokenVerifier } from '@quitute/infra/auth';
import { errorHandler } from '@quitute/infra/http';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createQueryApp } from '../app';
import { CEP_LOOKUPS_PER_MINUTE, cepMessages, cepRoutes } from './routes';

/** ViaCEP's answers by path (integration-facts §6); a CEP missing here never gets an answer. */
const answers: Record<string, { status: number; body: string }> = {
  '/ws/01001000/json/': {
    status: 200,
    body: JSON.stringify({
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      complemento: 'lado ímpar',
      unidade: '',
      bairro: 'Sé',
      localidade: 'São Paulo',
      uf: 'SP',
      estado: 'São Paulo',
      regiao: 'Sudeste',
      ibge: '3550308',
      gia: '1004',
      ddd: '11',
      siafi: '7107',
    }),
  },
  // An older answer: no estado, regiao, unidade; an empty street (a city with a single CEP).
  '/ws/69945000/json/': {
    status: 200,
    body: JSON.stringify({
      cep: '69945-000',
      logradouro: '',
      complemento: '',
      bairro: '',
      localidade: 'Acrelândia',
      uf: 'AC',
      ibge: '1200013',
      gia: '',
      ddd: '68',
      siafi: '643',
    }),
  },
  '/ws/99999999/json/': { status: 200, body: '{"erro": "true"}' },
  '/ws/88888888/json/': { status: 200, body: '{"erro": true}' },
  '/ws/66666666/json/': { status: 502, body: '<html>Bad Gateway</html>' },
  '/ws/55555555/json/': { status: 200, body: '<html>manutenção</html>' },
};

const requests: string[] = [];
let viaCep: { url: string; close: () => Promise<void> };
let server: { url: string; close: () => Promise<void> };

const seen = (path: string) => requests.filter((request) => request === path).length;

function cepApp(): express.Express {
  const app = express();
  app.use(cepRoutes({ logger: silentLogger, viaCepUrl: `${viaCep.url}/`, timeoutMs: 200 }));
  app.use(errorHandler(silentLogger));
  return app;
}

beforeAll(async () => {
  const fake = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const answer = answers[req.url ?? ''];
    if (!answer) return; // hangs: the lookup must give up on its own
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const address = fake.address();
  if (typeof address !== 'object' || !address) throw new Error('fake ViaCEP has no address');
  viaCep = {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        fake.close(() => resolve());
        fake.closeAllConnections();
      }),
  };
  server = await listenOnFreePort(cepApp());
});
afterAll(async () => {
  await server.close();
  await viaCep.close();
});
beforeEach(() => {
  requests.length = 0;
});

const lookUp = (cep: string, base = server.url) => fetch(`${base}/api/cep/${cep}`);

describe('GET /api/cep/{cep}', () => {
  it('given a known CEP written with its dash, then ViaCEP is asked for its 8 digits and the address comes back as a CepLookup', async () => {
    const response = await lookUp('01001-000');

    expect(response.status).toBe(200);
    const body = await response.json();
    expect(cepLookupSchema.strict().parse(body)).toEqual({
      zipCode: '01001000',
      streetName: 'Praça da Sé',
      streetNumber: '',
      neighborhood: 'Sé',
      city: 'São Paulo',
      federalUnit: 'SP',
    });
    expect(requests).toEqual(['/ws/01001000/json/']);
  });

  it('given the same CEP asked again, with or without its dash, then the answer comes from the cache: ViaCEP saw one request', async () => {
    const first = await lookUp('69945000');
    const second = await lookUp('69945-000');

    expect(await second.json()).toEqual(await first.json());
    expect(seen('/ws/69945000/json/')).toBe(1);
  });

  it('given an older answer without a street, then empty texts where ViaCEP has none', async () => {
    const response = await lookUp('69945000');

    expect(await response.json()).toEqual({
      zipCode: '69945000',
      streetName: '',
      streetNumber: '',
      neighborhood: '',
      city: 'Acrelândia',
      federalUnit: 'AC',
    });
  });

  it("given a CEP ViaCEP does not know, with erro as the string 'true' or as true, then 404 'CEP inválido', and the not-found is cached too", async () => {
    for (const cep of ['99999999', '88888888', '99999-999']) {
      const response = await lookUp(cep);
      expect(response.status, cep).toBe(404);
      expect(await response.json(), cep).toEqual({ message: 'CEP inválido', code: 'not_found' });
    }
    expect(seen('/ws/99999999/json/')).toBe(1);
    expect(seen('/ws/88888888/json/')).toBe(1);
  });

  it("given anything but 8 digits, then 400 'CEP inválido' and ViaCEP is not asked", async () => {
    for (const cep of ['0100100', '010010000', '01001-00a', 'abcdefgh', '01.001-000', '%20']) {
      const response = await lookUp(cep);
      expect(response.status, cep).toBe(400);
      expect(await response.json(), cep).toEqual({ message: 'CEP inválido', code: 'validation' });
    }
    expect(requests).toEqual([]);
  });

  it('given ViaCEP failing, answering garbage or not answering in time, then 503 in pt-BR, and nothing is cached: the next lookup asks again', async () => {
    for (const cep of ['66666666', '55555555', '77777777']) {
      const response = await lookUp(cep);
      expect(response.status, cep).toBe(503);
      expect(await response.json(), cep).toEqual({
        message: cepMessages.unavailable,
        code: 'unavailable',
      });
    }

    await lookUp('66666666');
    expect(seen('/ws/66666666/json/')).toBe(2);
  });

  it('given one address looking up more CEPs in a minute than the limit, then 429 in pt-BR', async () => {
    const limited = await listenOnFreePort(cepApp());
    try {
      for (let index = 0; index < CEP_LOOKUPS_PER_MINUTE; index += 1) {
        expect((await lookUp('01001000', limited.url)).status).toBe(200);
      }
      const refused = await lookUp('01001000', limited.url);

      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        message: accountMessages.tooManyRequests,
        code: 'too_many_requests',
      });
    } finally {
      await limited.close();
    }
  });

  it('given the query app with VIACEP_URL, then the route is mounted there and public', async () => {
    const app = await listenOnFreePort(
      createQueryApp({
        readStore: createMemoryReadStore(),
        waitForPosition: async () => true,
        health: () => ({ status: 'ok' }),
        logger: silentLogger,
        tokens: createTokenVerifier({ secret: 'a-test-secret-that-is-long-enough-0123456789' }),
        captcha: { challenge: async () => ({}) },
        viaCepUrl: viaCep.url,
      }),
    );
    try {
      const response = await lookUp('01001000', app.url);

      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ city: 'São Paulo', federalUnit: 'SP' });
      expect(requests).toEqual(['/ws/01001000/json/']);
    } finally {
      await app.close();
    }
  });
});
