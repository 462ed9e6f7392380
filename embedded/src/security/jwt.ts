import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { io } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '@quitute/command-api';
import { accountMessages } from '@quitute/contracts';
import {
  anyJson,
  CUSTOMER_PASSWORD,
  coxinhas,
  TOKEN_SECRET,
  type Account,
  type SecurityShop,
} from './shop';

/**
 * Issue 14.2: forged tokens, built by hand, sent to real routes of every kind
 * (query and command, customer and admin, the shop's own, the socket), and
 * login throttling under the default limit on failed logins.
 */

let shop: SecurityShop;

const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
const hmac = (algorithm: 'sha256' | 'sha512', key: string | Buffer, input: string) =>
  createHmac(algorithm, key).update(input).digest('base64url');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** Customer A's own claims with the admin role: what every forgery below tries to pass. */
const adminClaimsOf = (customer: Account) => ({
  userId: customer.userId,
  email: customer.email,
  name: customer.name,
  role: 'admin',
  sessionVersion: 0,
  exp: inAnHour(),
});

/** A token with this header and payload, HMAC-signed with the key (SHA-256 unless told). */
function hsToken(
  header: object,
  payload: object,
  key: string | Buffer,
  algorithm: 'sha256' | 'sha512' = 'sha256',
) {
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${hmac(algorithm, key, input)}`;
}

function forgedTokens(customer: Account): Record<string, { token: string; message: string }> {
  const claims = adminClaimsOf(customer);
  const invalid = accountMessages.tokenInvalid;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const rsInput = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}`;
  const [header, , signature] = customer.token.split('.');
  return {
    'alg none': {
      token: `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
      message: invalid,
    },
    'alg None with a signature': {
      token: hsToken({ alg: 'None', typ: 'JWT' }, claims, TOKEN_SECRET),
      message: invalid,
    },
    'HS256 signed with an RSA public key (HS/RS swap)': {
      token: hsToken({ alg: 'HS256', typ: 'JWT' }, claims, publicPem),
      message: invalid,
    },
    'RS256 signed with the attacker’s own key': {
      token: `${rsInput}.${sign('sha256', Buffer.from(rsInput), privateKey).toString('base64url')}`,
      message: invalid,
    },
    'RS256 header over an HMAC with the shop’s secret': {
      token: `${rsInput}.${hmac('sha256', TOKEN_SECRET, rsInput)}`,
      message: invalid,
    },
    'HS512 with the shop’s secret': {
      token: hsToken({ alg: 'HS512', typ: 'JWT' }, claims, TOKEN_SECRET, 'sha512'),
      message: invalid,
    },
    'HS256 with a guessed secret': {
      token: hsToken({ alg: 'HS256', typ: 'JWT' }, claims, 'secret'),
      message: invalid,
    },
    'the customer’s token with its payload edited to admin': {
      token: `${header}.${encode(claims)}.${signature}`,
      message: invalid,
    },
    'the customer’s token without its signature': {
      token: `${header}.${encode(claims)}.`,
      message: invalid,
    },
    'expired, signed with the shop’s secret': {
      token: hsToken(
        { alg: 'HS256', typ: 'JWT' },
        { ...claims, role: 'user', exp: Math.floor(Date.now() / 1000) - 60 },
        TOKEN_SECRET,
      ),
      message: accountMessages.tokenExpired,
    },
  };
}

/** One route of each kind: query and command, customer and admin, and the shop’s own admin routes. */
const targets = (customer: Account) => [
  { method: 'GET', route: '/api/users/profile' },
  { method: 'GET', route: '/api/orders' },
  { method: 'GET', route: `/carrinho/${customer.userId}` },
  { method: 'POST', route: '/carrinho', body: coxinhas(customer) },
  { method: 'PUT', route: '/api/users/profile', body: { name: 'Maria Forjada' } },
  { method: 'POST', route: '/api/reviews', body: { productId: 'coxinha-de-frango', rating: 5 } },
  { method: 'GET', route: '/api/admin/users' },
  { method: 'GET', route: '/api/admin/orders/stats' },
  { method: 'GET', route: '/api/admin/projections' },
  { method: 'DELETE', route: `/api/admin/users/${customer.userId}` },
  { method: 'POST', route: '/api/admin/projections/rebuild', body: {} },
];

/** Registers these tests on the suite's shop (see access.test.ts). */
export function jwtTests(current: () => SecurityShop): void {
  beforeAll(() => {
    shop = current();
  });

  describe('forged tokens on real routes', () => {
    it('given the customer’s real token, then the routes below answer her (the forgeries’ 401 is not the route’s)', async () => {
      const profile = await shop.call('GET', '/api/users/profile', { token: shop.customerA.token });
      expect(profile).toMatchObject({ status: 200, body: { email: shop.customerA.email } });
    });

    it('given every forgery, when sent to customer, admin, query and command routes, then 401 with Token inválido or expirado and nothing done', async () => {
      const customer = shop.customerA;
      for (const [attack, { token, message }] of Object.entries(forgedTokens(customer))) {
        for (const { method, route, body } of targets(customer)) {
          const answer = await shop.call(method, route, { token, ...(body ? { body } : {}) });
          expect(
            { attack, route: `${method} ${route}`, status: answer.status, body: answer.body },
            attack,
          ).toEqual({
            attack,
            route: `${method} ${route}`,
            status: 401,
            body: expect.objectContaining({ message }),
          });
        }
      }
      const profile = await shop.call('GET', '/api/users/profile', { token: customer.token });
      expect(profile).toMatchObject({ status: 200, body: { role: 'user', name: customer.name } });
    });

    it('given every forgery, when it opens a socket, then the handshake is refused', async () => {
      for (const [attack, { token }] of Object.entries(forgedTokens(shop.customerA))) {
        const socket = io(shop.url, {
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
        });
        const outcome = await new Promise<string>((resolve) => {
          socket.once('connect', () => resolve('connected'));
          socket.once('connect_error', () => resolve('refused'));
        });
        socket.disconnect();
        expect({ attack, outcome }).toEqual({ attack, outcome: 'refused' });
      }
    });

    it('given a token in the query string or a cookie instead of the header, then it is not a login', async () => {
      const token = shop.customerA.token;
      expect((await shop.call('GET', `/api/users/profile?token=${token}`)).status).toBe(401);
      const asCookie = await shop.call('GET', '/api/users/profile', {
        headers: { cookie: `token=${token}; jwt=${token}` },
      });
      expect(asCookie).toMatchObject({
        status: 401,
        body: { message: accountMessages.tokenMissing },
      });
    });
  });

  describe('tokens the shop signed, after the account changed', () => {
    it('given a customer promoted to admin and then demoted, when her admin token is used, then 401 on admin reads, admin commands and the socket', async () => {
      const carla = await shop.newCustomer('carla');
      const asAdmin = { token: shop.admin.token };
      const setRole = (role: string) =>
        shop.call('PUT', `/api/admin/users/${carla.userId}`, {
          ...asAdmin,
          body: { name: carla.name, email: carla.email, role },
        });
      expect((await setRole('admin')).status).toBe(200);
      const promoted = anyJson.parse((await shop.login(carla.email)).body);
      const adminToken = String(promoted['token']);
      expect(promoted['role']).toBe('admin');
      expect((await shop.call('GET', '/api/admin/users', { token: adminToken })).status).toBe(200);

      expect((await setRole('user')).status).toBe(200);

      const stale = [
        await shop.call('GET', '/api/admin/users', { token: adminToken }),
        await shop.call('DELETE', `/api/admin/users/${shop.customerB.userId}`, {
          token: adminToken,
        }),
        await shop.call('GET', '/api/admin/projections', { token: adminToken }),
      ];
      expect(stale.map((answer) => answer.status)).toEqual([401, 401, 401]);
      const socket = io(shop.url, {
        auth: { token: adminToken },
        transports: ['websocket'],
        reconnection: false,
      });
      const outcome = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', () => resolve('refused'));
      });
      socket.disconnect();
      expect(outcome).toBe('refused');
      expect((await shop.login(shop.customerB.email)).status).toBe(200);
    });
  });

  describe('login throttling with the default limit on failed logins', () => {
    it('given five wrong passwords for an e-mail, then the sixth try is 429 even with the right password, with Retry-After; another customer still logs in', async () => {
      const { limit } = DEFAULT_RATE_LIMITS.failedLoginsPerEmailAndIp;
      const target = await shop.newCustomer('alvo');
      for (let attempt = 0; attempt < limit; attempt += 1) {
        expect((await shop.login(target.email, 'Errada123')).status).toBe(401);
      }

      const locked = await shop.login(target.email, CUSTOMER_PASSWORD);

      expect(locked).toMatchObject({
        status: 429,
        body: { message: accountMessages.tooManyAttempts },
      });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await shop.login(shop.customerB.email)).status).toBe(200);
    });
  });
}
