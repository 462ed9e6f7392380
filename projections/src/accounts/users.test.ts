import { describe, expect, it } from 'vitest';
import { userDocumentSchema, type AccountEvent } from '@quitute/contracts';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { project, runnerBuild } from '../testing';
import { usersProjection } from './users';

const userId = '5b7f2c1e-9a3d-4e8f-b6c2-1d0e9f8a7b6c';

/** Given these events, then this document. */
const given = (events: AccountEvent[]) =>
  project(usersProjection, events, { streamName: `user-${userId}`, documentId: userId });

const registered: AccountEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    email: 'ana@example.com',
    name: 'Ana Lima',
    passwordHash: 'scrypt$secret',
    role: 'user',
  },
};

describe('users projection', () => {
  it('given a registration, then a profile with default preferences and no password hash', () => {
    const document = given([registered]);
    expect(document).toEqual({
      _id: userId,
      email: 'ana@example.com',
      name: 'Ana Lima',
      phone: '',
      address: '',
      notifications: { email: true, sms: false },
      emailConfirmed: false,
      role: 'user',
      isDeleted: false,
      sessionVersion: 0,
      createdAt: '2026-11-22T12:00:01.000Z',
      updatedAt: '2026-11-22T12:00:01.000Z',
    });
    expect(JSON.stringify(document)).not.toContain('scrypt');
  });

  it('given profile, preferences, password and role changes, then the document follows, updatedAt last', () => {
    const document = given([
      registered,
      {
        type: 'UserProfileUpdated',
        data: { userId, name: 'Ana L.', phone: '11987654321', address: 'Rua A, 1' },
      },
      {
        type: 'UserPreferencesChanged',
        data: { userId, notifications: { email: false, sms: true } },
      },
      { type: 'UserPasswordChanged', data: { userId, passwordHash: 'scrypt$other' } },
      { type: 'UserRoleChanged', data: { userId, role: 'admin' } },
    ]);
    expect(document).toMatchObject({
      name: 'Ana L.',
      phone: '11987654321',
      address: 'Rua A, 1',
      notifications: { email: false, sms: true },
      role: 'admin',
      sessionVersion: 2,
      updatedAt: '2026-11-22T12:00:05.000Z',
    });
    expect(JSON.stringify(document)).not.toContain('scrypt');
  });

  it('given profile, preferences and a rehash, then the session version stays 0', () => {
    const document = given([
      registered,
      { type: 'UserProfileUpdated', data: { userId, name: 'Ana L.', phone: '', address: '' } },
      { type: 'UserPasswordRehashed', data: { userId, passwordHash: 'scrypt$rehashed' } },
    ]);
    expect(document).toMatchObject({ sessionVersion: 0, name: 'Ana L.' });
    expect(JSON.stringify(document)).not.toContain('scrypt');
  });

  it('given a deletion, then the document is marked deleted', () => {
    expect(given([registered, { type: 'UserDeleted', data: { userId } }])).toMatchObject({
      isDeleted: true,
    });
  });

  it('given an account an admin invited, then a profile like a registered one, with the phone and address given', () => {
    expect(
      given([
        {
          type: 'UserInvited',
          data: {
            userId,
            email: 'bia@example.com',
            name: 'Bia Costa',
            phone: '11987654321',
            address: 'Rua B, 2',
            role: 'admin',
          },
        },
        {
          type: 'PasswordResetRequested',
          data: { userId, tokenHash: 'h', expiresAt: '2026-11-29T12:00:00.000Z' },
        },
      ]),
    ).toEqual({
      _id: userId,
      email: 'bia@example.com',
      name: 'Bia Costa',
      phone: '11987654321',
      address: 'Rua B, 2',
      notifications: { email: true, sms: false },
      emailConfirmed: false,
      role: 'admin',
      isDeleted: false,
      sessionVersion: 0,
      createdAt: '2026-11-22T12:00:01.000Z',
      updatedAt: '2026-11-22T12:00:01.000Z',
    });
  });

  it('given an e-mail change, then the new e-mail, updatedAt moved', () => {
    expect(
      given([
        registered,
        {
          type: 'UserEmailChanged',
          data: { userId, email: 'ana.lima@example.com', previousEmail: 'ana@example.com' },
        },
      ]),
    ).toMatchObject({
      email: 'ana.lima@example.com',
      createdAt: '2026-11-22T12:00:01.000Z',
      updatedAt: '2026-11-22T12:00:02.000Z',
    });
  });

  it("given sign-outs ('Sair'), then the ended sessions whose tokens have not expired by the last one; a password change empties them", () => {
    const signedOut = (
      sessionId: string,
      signedOutAt: string,
      expiresAt: string,
    ): AccountEvent => ({
      type: 'SignedOut',
      data: { userId, sessionId, signedOutAt, expiresAt },
    });
    const ended = [
      registered,
      signedOut('a', '2026-11-22T08:00:00.000Z', '2026-11-22T10:00:00.000Z'),
      signedOut('b', '2026-11-22T12:00:00.000Z', '2026-11-23T00:00:00.000Z'),
    ];
    expect(given(ended)?.endedSessions).toEqual([
      { sessionId: 'b', expiresAt: '2026-11-23T00:00:00.000Z' },
    ]);
    expect(given(ended)?.sessionVersion).toBe(0);
    expect(
      given([
        ...ended,
        { type: 'UserPasswordChanged', data: { userId, passwordHash: 'scrypt$other' } },
      ])?.endedSessions,
    ).toEqual([]);
  });

  describe('the e-mail’s confirmation (issue 41)', () => {
    const confirmed = (email: string): AccountEvent => ({
      type: 'UserEmailConfirmed',
      data: { userId, email },
    });
    const changed: AccountEvent = {
      type: 'UserEmailChanged',
      data: { userId, email: 'ana.lima@example.com', previousEmail: 'ana@example.com' },
    };

    it('given she followed the link sent to her address, then the address is confirmed, updatedAt moved', () => {
      expect(given([registered, confirmed('ana@example.com')])).toMatchObject({
        email: 'ana@example.com',
        emailConfirmed: true,
        updatedAt: '2026-11-22T12:00:02.000Z',
      });
    });

    it('given she asked for the link again, then nothing of her profile changes', () => {
      const asked: AccountEvent = {
        type: 'EmailConfirmationRequested',
        data: { userId, email: 'ana@example.com' },
      };
      expect(given([registered, asked])).toEqual(given([registered]));
    });

    it('given she changed her address after confirming the old one, then the new one is not confirmed until its own link is followed; the old one’s link confirms nothing', () => {
      expect(given([registered, confirmed('ana@example.com'), changed])).toMatchObject({
        email: 'ana.lima@example.com',
        emailConfirmed: false,
      });
      expect(given([registered, changed, confirmed('ana@example.com')])).toMatchObject({
        email: 'ana.lima@example.com',
        emailConfirmed: false,
      });
      expect(given([registered, changed, confirmed('ana.lima@example.com')])).toMatchObject({
        emailConfirmed: true,
      });
    });

    it('given the log holds a confirmation request and a confirmation, when the runner builds the read model, then it follows both (its event filter takes them)', async () => {
      const eventStore = createMemoryEventStore();
      const metadata = {
        correlationId: 'c',
        causationId: 'c',
        actorId: userId,
        actorRole: 'user' as const,
        occurredAt: '2026-11-22T12:00:00.000Z',
      };
      const asked: AccountEvent = {
        type: 'EmailConfirmationRequested',
        data: { userId, email: 'ana@example.com' },
      };
      for (const event of [registered, asked, confirmed('ana@example.com')]) {
        await eventStore.appendToStream(`user-${userId}`, [
          { id: crypto.randomUUID(), ...event, metadata },
        ]);
      }

      const [document] = await runnerBuild(eventStore, usersProjection);

      expect(userDocumentSchema.parse(document)).toMatchObject({ emailConfirmed: true });
      expect(document?.['_position']).toBe(3);
    });
  });
});
