import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountMessages,
  adminMessages,
  adminUserResultSchema,
  DEFAULT_SHOP_SETTINGS,
  loginResponseSchema,
  messages,
  shopSettingsToAdminFields,
  userStreamName,
} from '@quitute/contracts';
import { closeShops, openShop, type Shop } from '../payments/testing';

const userAnswer = z.object({ user: adminUserResultSchema });

/** The admin's user commands over real HTTP, with the accounts routes they meet (login, reset, profile). */

afterEach(closeShops);

const bia = { name: 'Bia Costa', email: 'Bia@Example.com', phone: '(11) 98765-4321', role: 'user' };

async function adminShop() {
  const shop = await openShop();
  const admin = await shop.admin();
  const as = (method: string, route: string, body?: unknown, token = admin.token) =>
    shop.call(method, route, { token, ...(body === undefined ? {} : { body }) });
  const invite = async (body: unknown = bia) => {
    const answer = await as('POST', '/api/admin/users', body);
    expect(answer.status).toBe(201);
    return userAnswer.parse(answer.body).user;
  };
  return { shop, admin, as, invite };
}

const login = (shop: Shop, email: string, password: string) =>
  shop.call('POST', '/api/auth/login', { body: { email, password, recaptchaToken: 'ok' } });

const register = (shop: Shop, email: string) =>
  shop.call('POST', '/api/auth/register', {
    body: { name: 'Alguém Novo', email, password: 'Segredo123', recaptchaToken: 'ok' },
  });

const profileOf = (shop: Shop, token: string) =>
  shop.call('PUT', '/api/users/profile', { token, body: { phone: '11999998888' } });

/** The token a login answers. */
async function tokenOf(shop: Shop, email: string, password = 'Segredo123'): Promise<string> {
  const answer = await login(shop, email, password);
  expect(answer.status).toBe(200);
  const { token } = loginResponseSchema.parse(answer.body);
  return token;
}

describe('POST /api/admin/users', () => {
  it('given the owner renamed the shop and changed its WhatsApp in its settings, when she invites an account, then the e-mail names the shop and its number as they are now; so does a reset link asked for after', async () => {
    const { shop, as } = await adminShop();
    const saved = await as('PUT', '/api/admin/shop', {
      ...shopSettingsToAdminFields(DEFAULT_SHOP_SETTINGS),
      name: 'Padaria da Rosa',
      whatsapp: '(21) 99876-5432',
    });
    expect(saved.status).toBe(200);

    await as('POST', '/api/admin/users', bia);

    const invitation = shop.mails.at(-1);
    expect(invitation?.subject).toBe('Sua conta na Padaria da Rosa — defina sua senha');
    expect(invitation?.text).toContain('Uma conta foi criada para você na Padaria da Rosa.');
    expect(invitation?.text).toContain('Padaria da Rosa — Doces e Salgados para Festas');
    expect(invitation?.text).toContain('WhatsApp (21) 99876-5432');
    expect(invitation?.text).not.toContain('Quitute');

    const asked = await shop.call('POST', '/api/auth/reset-password', {
      body: { email: 'bia@example.com' },
    });
    expect(asked.status).toBe(200);
    await expect.poll(() => shop.mails.length).toBe(2);
    expect(shop.mails.at(-1)?.subject).toBe('Redefinição de senha — Padaria da Rosa');
    expect(shop.mails.at(-1)?.text).toContain('WhatsApp (21) 99876-5432');
  });

  it('given a new e-mail, then the account is created without a password and its owner is mailed a 7-day link that sets one', async () => {
    const { shop, admin, as } = await adminShop();

    const answer = await as('POST', '/api/admin/users', { ...bia, address: 'Rua das Flores, 10' });

    expect(answer).toMatchObject({
      status: 201,
      body: {
        message: adminMessages.userAdded,
        invitationSent: true,
        user: {
          name: 'Bia Costa',
          email: 'bia@example.com',
          phone: '11987654321',
          address: 'Rua das Flores, 10',
          role: 'user',
        },
      },
    });
    const { user } = userAnswer.parse(answer.body);
    const events = await shop.eventStore.readStream(userStreamName(user.id));
    expect(events.map((event) => [event.type, event.metadata.actorId])).toEqual([
      ['UserInvited', admin.userId],
      ['PasswordResetRequested', admin.userId],
    ]);
    expect(events[1]?.data['expiresAt']).toBe('2026-11-28T12:00:00.000Z');

    const mail = shop.mails.at(-1);
    expect(mail?.to).toBe('bia@example.com');
    expect(mail?.text).toContain('Uma conta foi criada para você na Quitute.');
    const token = /\/reset\/(\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(mail?.text).toContain(`http://loja.test/reset/${token}`);

    expect(await login(shop, 'bia@example.com', 'Segredo123')).toMatchObject({
      status: 401,
      body: { message: accountMessages.invalidCredentials },
    });
    const confirm = await shop.call('POST', '/api/auth/reset-password/confirm', {
      body: { token, newPassword: 'MinhaSenha1' },
    });
    expect(confirm.status).toBe(200);
    expect(await login(shop, 'bia@example.com', 'MinhaSenha1')).toMatchObject({
      status: 200,
      body: { userId: user.id, role: 'user', phone: '11987654321' },
    });
  });

  it('given an e-mail an account has, then 409 with the register message', async () => {
    const { shop, as } = await adminShop();
    await register(shop, 'bia@example.com');
    expect(await as('POST', '/api/admin/users', bia)).toMatchObject({
      status: 409,
      body: { message: accountMessages.emailTaken },
    });
  });

  it.each([
    ['a password', { password: 'Segredo123' }, messages.invalidRequest],
    ['a session version', { sessionVersion: 9 }, messages.invalidRequest],
    ['an invalid e-mail', { email: 'bia@' }, accountMessages.emailInvalid],
    ['no e-mail', { email: undefined }, accountMessages.emailRequired],
    ['a one-letter name', { name: 'B' }, accountMessages.nameMinLength],
    ['an unknown role', { role: 'root' }, adminMessages.roleInvalid],
    ['a short phone', { phone: '1234' }, accountMessages.phoneInvalid],
  ])('given %s, then 400 with its pt-BR message and no account', async (_case, change, message) => {
    const { shop, as } = await adminShop();
    const before = (await shop.eventStore.readAll()).length;
    expect(await as('POST', '/api/admin/users', { ...bia, ...change })).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(await shop.eventStore.readAll()).toHaveLength(before);
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('given a customer, when an admin changes e-mail and role, then the new e-mail logs in, the old may register again, and the old sessions end', async () => {
    const { shop, as } = await adminShop();
    await register(shop, 'ana@example.com');
    const oldToken = await tokenOf(shop, 'ana@example.com');
    const { userId } = loginResponseSchema.parse(
      (await login(shop, 'ana@example.com', 'Segredo123')).body,
    );

    const answer = await as('PUT', `/api/admin/users/${userId}`, {
      name: 'Ana Souza',
      email: 'ana.souza@example.com',
      phone: '',
      address: '',
      role: 'admin',
    });

    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: adminMessages.userUpdated,
        user: { id: userId, name: 'Ana Souza', email: 'ana.souza@example.com', role: 'admin' },
      },
    });
    const types = (await shop.eventStore.readStream(userStreamName(userId))).map((e) => e.type);
    expect(types.slice(-3)).toEqual(['UserProfileUpdated', 'UserEmailChanged', 'UserRoleChanged']);
    expect((await profileOf(shop, oldToken)).status).toBe(401);
    expect((await login(shop, 'ana@example.com', 'Segredo123')).status).toBe(401);
    expect(await login(shop, 'ana.souza@example.com', 'Segredo123')).toMatchObject({
      status: 200,
      body: { role: 'admin' },
    });
    expect((await register(shop, 'ana@example.com')).status).toBe(201);
  });

  it('given the admin themself, when their role is changed, then 409 and nothing; their own name, then 200', async () => {
    const { shop, admin, as } = await adminShop();
    const mine = { name: 'Gerente', email: admin.email, role: 'user' };
    expect(await as('PUT', `/api/admin/users/${admin.userId}`, mine)).toMatchObject({
      status: 409,
      body: { message: accountMessages.ownRoleChange },
    });
    expect(await shop.eventStore.readStream(userStreamName(admin.userId))).toHaveLength(1);
    expect(
      await as('PUT', `/api/admin/users/${admin.userId}`, {
        ...mine,
        role: 'admin',
        name: 'Gerente Geral',
      }),
    ).toMatchObject({ status: 200, body: { user: { name: 'Gerente Geral', role: 'admin' } } });
  });

  it('given another admin demoted, then their token is refused on the admin routes at once', async () => {
    const { shop, as } = await adminShop();
    const other = await shop.admin('Outra Gerente');
    const body = { name: 'Outra Gerente', email: other.email, role: 'user' };
    expect((await as('PUT', `/api/admin/users/${other.userId}`, body)).status).toBe(200);
    expect(
      (await as('DELETE', `/api/admin/sales/${other.userId}`, undefined, other.token)).status,
    ).toBe(401);
  });

  it("given another account's e-mail, then 409 and the user keeps theirs", async () => {
    const { shop, as, invite } = await adminShop();
    const user = await invite();
    await register(shop, 'ana@example.com');
    expect(
      await as('PUT', `/api/admin/users/${user.id}`, { ...bia, email: 'ana@example.com' }),
    ).toMatchObject({ status: 409, body: { message: accountMessages.emailTaken } });
  });

  it('given an unknown or malformed id, then 404', async () => {
    const { as } = await adminShop();
    for (const id of ['3c2b1a0f-9e8d-4c7b-8a6f-5e4d3c2b1a0f', 'admin']) {
      expect(await as('PUT', `/api/admin/users/${id}`, bia)).toMatchObject({
        status: 404,
        body: { message: accountMessages.userNotFound },
      });
    }
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('given a customer, when deleted, then their sessions end at once, they cannot log in, and their e-mail may register again', async () => {
    const { shop, admin, as } = await adminShop();
    await register(shop, 'ana@example.com');
    const token = await tokenOf(shop, 'ana@example.com');
    const { userId } = loginResponseSchema.parse(
      (await login(shop, 'ana@example.com', 'Segredo123')).body,
    );
    expect((await profileOf(shop, token)).status).toBe(200);

    const answer = await as('DELETE', `/api/admin/users/${userId}`);

    expect(answer).toMatchObject({
      status: 200,
      body: { message: adminMessages.userDeleted, id: userId, isDeleted: true },
    });
    const events = await shop.eventStore.readStream(userStreamName(userId));
    expect(events.at(-1)).toMatchObject({
      type: 'UserDeleted',
      metadata: { actorId: admin.userId, actorRole: 'admin' },
    });
    expect(await profileOf(shop, token)).toMatchObject({
      status: 401,
      body: { message: accountMessages.tokenInvalid },
    });
    expect(await login(shop, 'ana@example.com', 'Segredo123')).toMatchObject({
      status: 401,
      body: { message: accountMessages.invalidCredentials },
    });
    expect((await as('DELETE', `/api/admin/users/${userId}`)).status).toBe(404);
    expect((await register(shop, 'ana@example.com')).status).toBe(201);
  });

  it('given the admin themself, then 409 and the account stays', async () => {
    const { shop, admin, as } = await adminShop();
    expect(await as('DELETE', `/api/admin/users/${admin.userId}`)).toMatchObject({
      status: 409,
      body: { message: accountMessages.ownAccountDeletion },
    });
    expect(await shop.eventStore.readStream(userStreamName(admin.userId))).toHaveLength(1);
  });
});

describe('the customer routes stay closed to mass assignment', () => {
  it('given a customer, when their profile update carries a role, then 400 and no change', async () => {
    const { shop } = await adminShop();
    await register(shop, 'ana@example.com');
    const token = await tokenOf(shop, 'ana@example.com');
    const answer = await shop.call('PUT', '/api/users/profile', {
      token,
      body: { name: 'Ana', role: 'admin' },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: messages.invalidRequest } });
  });
});
