import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@quitute/contracts';
import { createTokenVerifier } from '@quitute/infra/auth';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createQueryApp } from '../app';
import { CAPTCHA_CHALLENGES_PER_MINUTE } from './routes';

let server: Awaited<ReturnType<typeof listenOnFreePort>>;
let signed = 0;

beforeAll(async () => {
  server = await listenOnFreePort(
    createQueryApp({
      readStore: createMemoryReadStore(),
      waitForPosition: async () => true,
      health: () => ({ status: 'ok' }),
      logger: silentLogger,
      tokens: createTokenVerifier({ secret: 'a-test-secret-that-is-long-enough-0123456789' }),
      captcha: {
        challenge: async () => {
          signed += 1;
          return { challenge: signed };
        },
      },
    }),
  );
});
afterAll(() => server.close());

describe('GET /api/auth/captcha', () => {
  it('given one address asking for challenges past the limit in a minute, then 429 in pt-BR and no more are signed', async () => {
    for (let index = 0; index < CAPTCHA_CHALLENGES_PER_MINUTE; index += 1) {
      expect((await fetch(`${server.url}/api/auth/captcha`)).status).toBe(200);
    }
    const refused = await fetch(`${server.url}/api/auth/captcha`);

    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: accountMessages.tooManyRequests,
      code: 'too_many_requests',
    });
    expect(signed).toBe(CAPTCHA_CHALLENGES_PER_MINUTE);
  });
});
