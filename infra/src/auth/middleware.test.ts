import express from 'express';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@quitute/contracts';
import { errorHandler } from '../http';
import { silentLogger } from '../logging';
import { listenOnFreePort } from '../testing';
import { authenticate, currentUser } from './middleware';
import { createTokenService } from './tokens';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const tokens = createTokenService({ secret });
const subject = { userId: 'u-1', email: 'ana@example.com', name: 'Ana', role: 'user' } as const;

/** The users' current session versions, as a service would look them up; absent: no active user. */
const versions = new Map<string, number>();
/** The sessions each user ended with 'Sair'. */
const ended = new Map<string, string[]>();
let server: Awaited<ReturnType<typeof listenOnFreePort>>;

beforeAll(async () => {
  const app = express();
  app.get(
    '/me',
    authenticate(tokens, async (userId) => {
      const sessionVersion = versions.get(userId);
      if (sessionVersion === undefined) return null;
      return { sessionVersion, endedSessionIds: ended.get(userId) ?? [] };
    }),
    (req, res) => {
      res.json(currentUser(req));
    },
  );
  app.use(errorHandler(silentLogger));
  server = await listenOnFreePort(app);
});
afterAll(() => server.close());

async function me(token: string) {
  const response = await fetch(`${server.url}/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body: unknown = await response.json();
  return { status: response.status, body };
}

describe('authenticate', () => {
  it('given a token of the current session version, then the claims reach the route', async () => {
    versions.set('u-1', 2);
    const { status, body } = await me(tokens.sign({ ...subject, sessionVersion: 2 }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...subject, sessionVersion: 2 });
  });

  it('given the session version was raised since the token was signed, then 401 Token inválido', async () => {
    versions.set('u-1', 3);
    expect(await me(tokens.sign({ ...subject, sessionVersion: 2 }))).toEqual({
      status: 401,
      body: { message: accountMessages.tokenInvalid, code: 'unauthorized' },
    });
  });

  it('given a token newer than the lookup (a read model behind), then accepted', async () => {
    versions.set('u-1', 3);
    expect((await me(tokens.sign({ ...subject, sessionVersion: 4 }))).status).toBe(200);
  });

  it('given no active user with the id (deleted), then 401 Token inválido', async () => {
    versions.delete('u-1');
    expect(await me(tokens.sign({ ...subject, sessionVersion: 0 }))).toMatchObject({
      status: 401,
      body: { message: accountMessages.tokenInvalid },
    });
  });

  it('given a token signed before the claim existed, then it counts as version 0', async () => {
    const legacy = jwt.sign(subject, secret, { algorithm: 'HS256', expiresIn: 60 });
    versions.set('u-1', 0);
    expect(await me(legacy)).toMatchObject({ status: 200, body: { sessionVersion: 0 } });
    versions.set('u-1', 1);
    expect((await me(legacy)).status).toBe(401);
  });

  it("given 'Sair' ended this session, then 401 as an expired token; another session of the same user still passes", async () => {
    versions.set('u-1', 0);
    ended.set('u-1', ['laptop']);
    const laptop = tokens.sign({ ...subject, sessionVersion: 0, sid: 'laptop' });
    const phone = tokens.sign({ ...subject, sessionVersion: 0, sid: 'phone' });
    expect(await me(laptop)).toEqual({
      status: 401,
      body: { message: accountMessages.tokenExpired, code: 'unauthorized' },
    });
    expect(await me(phone)).toMatchObject({ status: 200, body: { sid: 'phone' } });
  });

  it('given a token without a session id (signed before sids), then it passes whatever sessions ended', async () => {
    versions.set('u-1', 0);
    ended.set('u-1', ['laptop']);
    expect((await me(tokens.sign({ ...subject, sessionVersion: 0 }))).status).toBe(200);
  });
});
