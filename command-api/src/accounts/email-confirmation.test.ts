import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accountMessages,
  EMAIL_CONFIRMATION_RESENDS_PER_HOUR,
  EMAIL_CONFIRMATION_RESENDS_PER_WEEK,
  EMAIL_CONFIRMATION_TTL_MS,
  notificationMessages as n,
  profileDtoSchema,
} from '@quitute/contracts';
import { cheapPasswords } from '@quitute/infra/testing';
import { deleteUser, editUser, registerUser } from './accounts';
import { DEFAULT_RATE_LIMITS, type AccountRateLimits } from './rate-limits';
import { openAccountsApi, type AccountsApi } from './testing';

/** Issue 41: the account's e-mail confirmed by a link, over real HTTP. */

const apis: AccountsApi[] = [];
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
});

async function open(rateLimits?: AccountRateLimits): Promise<AccountsApi> {
  const api = await openAccountsApi(rateLimits ? { rateLimits } : {});
  apis.push(api);
  return api;
}

const adminContext = () => ({
  commandId: randomUUID(),
  correlationId: 'test',
  actorId: randomUUID(),
  actorRole: 'admin' as const,
  occurredAt: new Date().toISOString(),
});

/** What `act` answers, and that the log did not grow meanwhile. */
async function appendsNothing<T>(api: AccountsApi, act: () => Promise<T>): Promise<T> {
  const before = await api.eventStore.headPosition();
  const answer = await act();
  expect(await api.eventStore.headPosition()).toBe(before);
  return answer;
}

const confirm = (api: AccountsApi, token: unknown) =>
  api.call('POST', '/api/users/confirm-email', { body: { token } });

describe('POST /api/users/confirm-email', () => {
  it('given a new account, then login, profile and preferences answers say unconfirmed; when its link is followed, then 200 with the position, UserEmailConfirmed by the account itself, and every answer says confirmed', async () => {
    const api = await open();
    const ana = await api.customer();
    expect(ana.session.emailConfirmed).toBe(false);
    const profileBefore = await api.call('PUT', '/api/users/profile', {
      token: ana.token,
      body: { phone: '11987654321' },
    });
    expect(profileDtoSchema.parse(profileBefore.body).emailConfirmed).toBe(false);

    const link = api.links.confirmationLink(ana.userId, ana.email);
    const answer = await confirm(api, api.tokenOf(link));

    const head = await api.eventStore.headPosition();
    expect(answer).toEqual({ status: 200, body: { message: n.emailConfirmed, position: head } });
    const confirmed = (await api.eventsOf(ana.userId)).at(-1);
    expect(confirmed).toMatchObject({
      type: 'UserEmailConfirmed',
      data: { userId: ana.userId, email: ana.email },
      metadata: { actorId: ana.userId, actorRole: 'user' },
    });

    expect((await ana.login()).emailConfirmed).toBe(true);
    const profile = await api.call('PUT', '/api/users/profile', {
      token: ana.token,
      body: { address: 'Rua das Flores, 10' },
    });
    expect(profile.status).toBe(200);
    expect(profileDtoSchema.parse(profile.body).emailConfirmed).toBe(true);
    const preferences = await api.call('PUT', '/api/users/preferences', {
      token: ana.token,
      body: { notifications: { email: true, sms: true } },
    });
    expect(preferences).toMatchObject({
      status: 200,
      body: { notifications: { email: true, sms: true }, emailConfirmed: true },
    });
  });

  it('given an administrator account, when its link is followed, then the confirmation is hers as an admin', async () => {
    const api = await open();
    const email = `${randomUUID()}@quitute.test`;
    const { userId } = await registerUser(
      api.stores,
      cheapPasswords,
      { email, name: 'Gerente', password: 'Segredo123', role: 'admin' },
      { commandId: randomUUID(), correlationId: 'test', occurredAt: new Date().toISOString() },
    );

    const answer = await confirm(api, api.tokenOf(api.links.confirmationLink(userId, email)));

    expect(answer).toMatchObject({ status: 200, body: { message: n.emailConfirmed } });
    expect((await api.eventsOf(userId)).at(-1)).toMatchObject({
      type: 'UserEmailConfirmed',
      metadata: { actorId: userId, actorRole: 'admin' },
    });
  });

  it('given a confirmed e-mail, when the link is followed again, then 200 already confirmed and nothing appended', async () => {
    const api = await open();
    const ana = await api.customer();
    const token = api.tokenOf(api.links.confirmationLink(ana.userId, ana.email));
    expect((await confirm(api, token)).status).toBe(200);

    const again = await appendsNothing(api, () => confirm(api, token));

    expect(again).toEqual({
      status: 200,
      body: { message: n.alreadyConfirmed, position: await api.eventStore.headPosition() },
    });
  });

  it('given tampered, made-up, missing or malformed tokens, then 400 invalid link each time and nothing appended', async () => {
    const api = await open();
    const ana = await api.customer();
    const bia = await api.customer('Bia Costa');
    const token = api.tokenOf(api.links.confirmationLink(ana.userId, ana.email));
    const [payload = '', signature = ''] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify([
        bia.userId,
        ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as string[]).slice(1),
      ]),
    ).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    // A token the shop did sign, for another purpose: never a confirmation.
    const unsubscribeToken = api.tokenOf(api.links.unsubscribeApiUrl(ana.userId));

    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${payload}.${flipped}`,
      `${payload}.`,
      'qualquer-coisa',
      unsubscribeToken,
      '',
      42,
    ]) {
      const answer = await appendsNothing(api, () => confirm(api, bad));
      expect(answer, String(bad)).toMatchObject({
        status: 400,
        body: { message: n.confirmationInvalid },
      });
    }
    const unknownKey = await appendsNothing(api, () =>
      api.call('POST', '/api/users/confirm-email', { body: { token, userId: bia.userId } }),
    );
    expect(unknownKey).toMatchObject({ status: 400, body: { message: n.confirmationInvalid } });
    const noBody = await appendsNothing(api, () => api.call('POST', '/api/users/confirm-email'));
    expect(noBody).toMatchObject({ status: 400, body: { message: n.confirmationInvalid } });
    expect(await api.stateOf(ana.userId)).toMatchObject({ emailConfirmed: false });
    expect(await api.stateOf(bia.userId)).toMatchObject({ emailConfirmed: false });
  });

  it('given a link signed for an account that never existed, or one deleted since, then 400 invalid link and nothing appended', async () => {
    const api = await open();
    const ana = await api.customer();
    await deleteUser(api.stores, ana.userId, adminContext());
    const stranger = api.tokenOf(api.links.confirmationLink(randomUUID(), 'ninguem@example.com'));
    const deleted = api.tokenOf(api.links.confirmationLink(ana.userId, ana.email));

    for (const token of [stranger, deleted]) {
      const answer = await appendsNothing(api, () => confirm(api, token));
      expect(answer).toMatchObject({ status: 400, body: { message: n.confirmationInvalid } });
    }
  });

  it('given a link past its 7 days, then 400 expired and nothing appended; one still in time works', async () => {
    const api = await open();
    const ana = await api.customer();
    const token = api.tokenOf(api.links.confirmationLink(ana.userId, ana.email));

    api.clock.offsetMs = EMAIL_CONFIRMATION_TTL_MS;
    const expired = await appendsNothing(api, () => confirm(api, token));
    expect(expired).toMatchObject({ status: 400, body: { message: n.confirmationExpired } });

    api.clock.offsetMs = EMAIL_CONFIRMATION_TTL_MS - 60_000;
    expect(await confirm(api, token)).toMatchObject({
      status: 200,
      body: { message: n.emailConfirmed },
    });
  });

  it('given the e-mail changed since the link was mailed, then 409 stale and nothing appended; the new address is confirmed by its own link only', async () => {
    const api = await open();
    const ana = await api.customer();
    const oldLink = api.tokenOf(api.links.confirmationLink(ana.userId, ana.email));
    const confirmedBefore = await confirm(api, oldLink);
    expect(confirmedBefore.status).toBe(200);
    const newEmail = `${randomUUID()}@example.com`;
    await editUser(api.stores, ana.userId, { name: 'Ana Lima', email: newEmail }, adminContext());
    expect(await api.stateOf(ana.userId)).toMatchObject({ emailConfirmed: false });

    const stale = await appendsNothing(api, () => confirm(api, oldLink));

    expect(stale).toMatchObject({ status: 409, body: { message: n.confirmationStale } });
    expect(await api.stateOf(ana.userId)).toMatchObject({ emailConfirmed: false });
    const newLink = api.tokenOf(api.links.confirmationLink(ana.userId, newEmail));
    expect(await confirm(api, newLink)).toMatchObject({
      status: 200,
      body: { message: n.emailConfirmed },
    });
    expect(await api.stateOf(ana.userId)).toMatchObject({ email: newEmail, emailConfirmed: true });
  });
});

describe('a password reset confirms the e-mail', () => {
  it('given an unconfirmed account, when its owner sets a password through the reset link mailed to her, then her e-mail is confirmed', async () => {
    const api = await open();
    const ana = await api.customer();
    const asked = await api.call('POST', '/api/auth/reset-password', {
      body: { email: ana.email },
    });
    expect(asked.status).toBe(200);
    await expect.poll(() => api.mails.length).toBe(1);
    const token = /\/reset\/(\S+)/.exec(api.mails[0]?.text ?? '')?.[1] ?? '';

    const reset = await api.call('POST', '/api/auth/reset-password/confirm', {
      body: { token, newPassword: 'NovaSenha9' },
    });

    expect(reset.status).toBe(200);
    expect((await api.eventsOf(ana.userId)).map((event) => event.type).slice(-3)).toEqual([
      'PasswordResetCompleted',
      'UserPasswordChanged',
      'UserEmailConfirmed',
    ]);
    const login = await api.call('POST', '/api/auth/login', {
      body: { email: ana.email, password: 'NovaSenha9', recaptchaToken: 'resolvido' },
    });
    expect(login).toMatchObject({ status: 200, body: { emailConfirmed: true } });
  });
});

describe('POST /api/users/email-confirmation', () => {
  const resend = (api: AccountsApi, token?: string) =>
    api.call('POST', '/api/users/email-confirmation', token ? { token } : {});

  it('given no login, then 401 and nothing appended', async () => {
    const api = await open();
    const answer = await appendsNothing(api, () => resend(api));
    expect(answer.status).toBe(401);
  });

  it(`given an unconfirmed account, then ${EMAIL_CONFIRMATION_RESENDS_PER_HOUR} requests an hour each ask for the link to her address; the next is 429 and appends nothing; another account is not held up`, async () => {
    const api = await open();
    const ana = await api.customer();
    const bia = await api.customer('Bia Costa');

    for (let n_ = 0; n_ < EMAIL_CONFIRMATION_RESENDS_PER_HOUR; n_++) {
      const answer = await resend(api, ana.token);
      expect(answer).toEqual({
        status: 200,
        body: { message: n.confirmationSent, position: await api.eventStore.headPosition() },
      });
    }
    const requested = (await api.eventsOf(ana.userId)).filter(
      (event) => event.type === 'EmailConfirmationRequested',
    );
    expect(requested).toHaveLength(EMAIL_CONFIRMATION_RESENDS_PER_HOUR);
    for (const event of requested) {
      expect(event).toMatchObject({
        data: { userId: ana.userId, email: ana.email },
        metadata: { actorId: ana.userId, actorRole: 'user' },
      });
    }

    const beyond = await appendsNothing(api, () => resend(api, ana.token));
    expect(beyond).toMatchObject({
      status: 429,
      body: { message: accountMessages.tooManyRequests },
    });

    expect(await resend(api, bia.token)).toMatchObject({
      status: 200,
      body: { message: n.confirmationSent },
    });
  });

  it(`given whoever signed an address up pressing 'Reenviar' hour after hour, then at most ${EMAIL_CONFIRMATION_RESENDS_PER_WEEK} links a week go to it; the next is 429 and appends nothing`, async () => {
    // The hourly limit lifted, as if the hours went by: the weekly one still holds.
    const api = await open({
      ...DEFAULT_RATE_LIMITS,
      confirmationResendsPerUser: { limit: 1_000, windowMs: 3_600_000 },
    });
    const ana = await api.customer();

    for (let n_ = 0; n_ < EMAIL_CONFIRMATION_RESENDS_PER_WEEK; n_++) {
      expect((await resend(api, ana.token)).status).toBe(200);
    }
    const beyond = await appendsNothing(api, () => resend(api, ana.token));

    expect(beyond).toMatchObject({
      status: 429,
      body: { message: accountMessages.tooManyRequests },
    });
    const requested = (await api.eventsOf(ana.userId)).filter(
      (event) => event.type === 'EmailConfirmationRequested',
    );
    expect(requested).toHaveLength(EMAIL_CONFIRMATION_RESENDS_PER_WEEK);
  });

  it('given a confirmed account, then 200 already confirmed and nothing appended', async () => {
    const api = await open();
    const ana = await api.customer();
    await confirm(api, api.tokenOf(api.links.confirmationLink(ana.userId, ana.email)));

    const answer = await appendsNothing(api, () => resend(api, ana.token));

    expect(answer).toEqual({
      status: 200,
      body: { message: n.alreadyConfirmed, position: await api.eventStore.headPosition() },
    });
  });
});
