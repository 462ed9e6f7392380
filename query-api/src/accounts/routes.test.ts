import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  evolveUserDocument,
  profileDtoSchema,
  USERS_COLLECTION,
  userDocumentSchema,
  type AccountEvent,
  type UserDocument,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createQueryApp } from '../app';
import { CAPTCHA_CHALLENGES_PER_MINUTE } from './routes';

let server: Awaited<ReturnType<typeof listenOnFreePort>>;
let signed = 0;
const tokens = createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789' });
const readStore = createMemoryReadStore();

beforeAll(async () => {
  server = await listenOnFreePort(
    createQueryApp({
      readStore,
      waitForPosition: async () => true,
      health: () => ({ status: 'ok' }),
      logger: silentLogger,
      tokens,
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

describe("GET /api/users/profile after 'Sair' (the users read model)", () => {
  const userId = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
  const metadata = {
    correlationId: 'c',
    causationId: 'c',
    actorId: userId,
    actorRole: 'user' as const,
    occurredAt: '2026-11-22T12:00:00.000Z',
  };
  const events: AccountEvent[] = [
    {
      type: 'UserRegistered',
      data: { userId, email: 'ana@example.com', name: 'Ana', passwordHash: 'h', role: 'user' },
    },
    {
      type: 'SignedOut',
      data: {
        userId,
        sessionId: 'laptop',
        expiresAt: '2099-01-01T00:00:00.000Z',
        signedOutAt: '2026-11-22T12:00:00.000Z',
      },
    },
  ];
  const profile = (sid: string) =>
    fetch(`${server.url}/api/users/profile`, {
      headers: {
        authorization: `Bearer ${tokens.sign({ userId, email: 'ana@example.com', name: 'Ana', role: 'user', sessionVersion: 0, sid })}`,
      },
    });

  it('given the projection folded a sign-out of one session, then its token gets 401 as expired and another session of hers is answered', async () => {
    const document = events.reduce<UserDocument | null>(
      (doc, event) => evolveUserDocument(doc, event, { metadata }),
      null,
    );
    if (!document) throw new Error('the registration makes a document');
    await readStore.collection(USERS_COLLECTION).putMany([document]);

    const laptop = await profile('laptop');
    expect(laptop.status).toBe(401);
    expect(await laptop.json()).toEqual({
      message: accountMessages.tokenExpired,
      code: 'unauthorized',
    });
    expect((await profile('phone')).status).toBe(200);
  });
});

describe('GET /api/users/profile: whether her e-mail is confirmed (issue 41)', () => {
  const userId = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
  const metadata = {
    correlationId: 'c',
    causationId: 'c',
    actorId: userId,
    actorRole: 'user' as const,
    occurredAt: '2026-11-22T12:00:00.000Z',
  };
  const registered: AccountEvent = {
    type: 'UserRegistered',
    data: { userId, email: 'bia@example.com', name: 'Bia', passwordHash: 'h', role: 'user' },
  };
  const store = async (events: AccountEvent[]) => {
    const document = events.reduce<UserDocument | null>(
      (doc, event) => evolveUserDocument(doc, event, { metadata }),
      null,
    );
    if (!document) throw new Error('the registration makes a document');
    await readStore.collection(USERS_COLLECTION).put(document);
  };
  const profile = async () => {
    const response = await fetch(`${server.url}/api/users/profile`, {
      headers: {
        authorization: `Bearer ${tokens.sign({ userId, email: 'bia@example.com', name: 'Bia', role: 'user', sessionVersion: 0 })}`,
      },
    });
    expect(response.status).toBe(200);
    return profileDtoSchema.parse(await response.json());
  };

  it('given she has not followed the link yet, then emailConfirmed is false', async () => {
    await store([registered]);

    expect(await profile()).toMatchObject({ email: 'bia@example.com', emailConfirmed: false });
  });

  it('given she followed the link sent to her address, then emailConfirmed is true', async () => {
    await store([
      registered,
      { type: 'UserEmailConfirmed', data: { userId, email: 'bia@example.com' } },
    ]);

    expect(await profile()).toMatchObject({ email: 'bia@example.com', emailConfirmed: true });
  });

  it('given a document stored before issue 41 (no emailConfirmed), then it reads as not confirmed', async () => {
    await store([registered]);
    const { emailConfirmed: _absent, ...before } = userDocumentSchema.parse(
      await readStore.collection(USERS_COLLECTION).get(userId),
    );
    await readStore.collection(USERS_COLLECTION).put(before);

    expect((await profile()).emailConfirmed).toBe(false);
  });
});
