import { describe, expect, it } from 'vitest';
import { notificationMessages, type AccountEvent } from '@quitute/contracts';
import { emailFingerprint } from '../notifications/links';
import { fold } from '../shared/decider';
import { deciderSpec, rejectsWith } from '../shared/decider-testing';
import { emailReservationDecider, LIVE_RESET_LINKS, userDecider } from './decider';

const userId = '5b7f2c1e-9a3d-4e8f-b6c2-1d0e9f8a7b6c';
const adminId = '0c4e2a7b-6d1f-4e3a-9b8c-7d6e5f4a3b2c';
const registered: AccountEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    email: 'ana@example.com',
    name: 'Ana Lima',
    passwordHash: 'scrypt$h1',
    role: 'user',
  },
};
const resetRequested: AccountEvent = {
  type: 'PasswordResetRequested',
  data: { userId, tokenHash: 'hash-1', expiresAt: '2026-11-22T13:00:00.000Z' },
};

const given = deciderSpec(userDecider);

describe('user decider', () => {
  it('given no user, when RegisterUser, then UserRegistered', () => {
    const { data } = registered;
    expect(given([]).when({ type: 'RegisterUser', ...data })()).toEqual([registered]);
  });

  it('given a user, when RegisterUser again, then 409 Email já registrado.', () => {
    rejectsWith(
      given([registered]).when({ type: 'RegisterUser', ...registered.data }),
      'conflict',
      'Email já registrado.',
    );
  });

  it('given a user, when only the phone changes, then UserProfileUpdated keeps name and address', () => {
    const events = given([registered]).when({
      type: 'UpdateProfile',
      changes: { phone: '11987654321' },
    })();
    expect(events).toEqual([
      {
        type: 'UserProfileUpdated',
        data: { userId, name: 'Ana Lima', phone: '11987654321', address: '' },
      },
    ]);
  });

  it('given a profile, when the same values are sent, then no event', () => {
    expect(
      given([registered]).when({
        type: 'UpdateProfile',
        changes: { name: 'Ana Lima', phone: '' },
      })(),
    ).toEqual([]);
  });

  it('given no user, when UpdateProfile, then 404 Usuário não encontrado.', () => {
    rejectsWith(
      given([]).when({ type: 'UpdateProfile', changes: { phone: '11987654321' } }),
      'not_found',
      'Usuário não encontrado.',
    );
  });

  it('given default preferences, when changed, then UserPreferencesChanged; the same again, nothing', () => {
    const changed = given([registered]).when({
      type: 'ChangePreferences',
      notifications: { email: false, sms: true },
    })();
    expect(changed).toEqual([
      {
        type: 'UserPreferencesChanged',
        data: { userId, notifications: { email: false, sms: true } },
      },
    ]);
    expect(
      given([registered]).when({
        type: 'ChangePreferences',
        notifications: { email: true, sms: false },
      })(),
    ).toEqual([]);
  });

  it('given a reset requested on an unconfirmed e-mail, when completed in time with its token, then reset completed, password changed and the e-mail it was mailed to confirmed', () => {
    const events = given([registered, resetRequested]).when({
      type: 'CompletePasswordReset',
      tokenHash: 'hash-1',
      passwordHash: 'scrypt$h2',
      now: '2026-11-22T12:59:59.000Z',
    })();
    expect(events).toEqual([
      { type: 'PasswordResetCompleted', data: { userId, tokenHash: 'hash-1' } },
      { type: 'UserPasswordChanged', data: { userId, passwordHash: 'scrypt$h2' } },
      { type: 'UserEmailConfirmed', data: { userId, email: 'ana@example.com' } },
    ]);
    expect(fold(userDecider, [registered, resetRequested, ...events])).toMatchObject({
      emailConfirmed: true,
    });
  });

  it('given a reset requested on a confirmed e-mail, when completed, then no second confirmation', () => {
    const confirmed: AccountEvent = {
      type: 'UserEmailConfirmed',
      data: { userId, email: 'ana@example.com' },
    };
    expect(
      given([registered, confirmed, resetRequested]).when({
        type: 'CompletePasswordReset',
        tokenHash: 'hash-1',
        passwordHash: 'scrypt$h2',
        now: '2026-11-22T12:59:59.000Z',
      })(),
    ).toEqual([
      { type: 'PasswordResetCompleted', data: { userId, tokenHash: 'hash-1' } },
      { type: 'UserPasswordChanged', data: { userId, passwordHash: 'scrypt$h2' } },
    ]);
  });

  it.each([
    [
      'a used link',
      [
        registered,
        resetRequested,
        { type: 'PasswordResetCompleted', data: { userId, tokenHash: 'hash-1' } },
      ],
      'hash-1',
      '2026-11-22T12:30:00.000Z',
    ],
    [
      'a link whose sibling was used (the password is set: every other link dies)',
      [
        registered,
        resetRequested,
        { ...resetRequested, data: { ...resetRequested.data, tokenHash: 'hash-2' } },
        { type: 'PasswordResetCompleted', data: { userId, tokenHash: 'hash-2' } },
        { type: 'UserPasswordChanged', data: { userId, passwordHash: 'scrypt$h2' } },
      ],
      'hash-1',
      '2026-11-22T12:30:00.000Z',
    ],
    [
      `the oldest of ${LIVE_RESET_LINKS + 1} links asked for`,
      [
        registered,
        resetRequested,
        ...Array.from({ length: LIVE_RESET_LINKS }, (_, n) => ({
          ...resetRequested,
          data: { ...resetRequested.data, tokenHash: `hash-later-${n}` },
        })),
      ],
      'hash-1',
      '2026-11-22T12:30:00.000Z',
    ],
    ['an expired link', [registered, resetRequested], 'hash-1', '2026-11-22T13:00:00.000Z'],
    ['another token', [registered, resetRequested], 'hash-x', '2026-11-22T12:30:00.000Z'],
    ['no request', [registered], 'hash-1', '2026-11-22T12:30:00.000Z'],
    [
      'a link mailed before an admin changed the e-mail',
      [
        registered,
        resetRequested,
        {
          type: 'UserEmailChanged',
          data: { userId, email: 'ana.souza@example.com', previousEmail: 'ana@example.com' },
        },
      ],
      'hash-1',
      '2026-11-22T12:30:00.000Z',
    ],
    ['no user', [], 'hash-1', '2026-11-22T12:30:00.000Z'],
  ] satisfies [string, AccountEvent[], string, string][])(
    'given %s, when CompletePasswordReset, then 400 link inválido ou expirado',
    (_case, events, tokenHash, now) => {
      rejectsWith(
        given(events).when({
          type: 'CompletePasswordReset',
          tokenHash,
          passwordHash: 'scrypt$h2',
          now,
        }),
        'validation',
        'Token de redefinição inválido ou expirado. Solicite um novo link.',
      );
    },
  );

  it('given a link mailed, when someone asks for another for the same e-mail, then the first still works (a stranger cannot cancel it), and so does the second', () => {
    const later = { ...resetRequested, data: { ...resetRequested.data, tokenHash: 'hash-2' } };
    for (const tokenHash of ['hash-1', 'hash-2']) {
      const events = given([registered, resetRequested, later]).when({
        type: 'CompletePasswordReset',
        tokenHash,
        passwordHash: 'scrypt$h2',
        now: '2026-11-22T12:30:00.000Z',
      })();
      expect(events).toContainEqual({
        type: 'PasswordResetCompleted',
        data: { userId, tokenHash },
      });
    }
  });

  it('given the newest of as many links as an account keeps, when used, then it works', () => {
    const links = Array.from({ length: LIVE_RESET_LINKS + 1 }, (_, n) => ({
      ...resetRequested,
      data: { ...resetRequested.data, tokenHash: `hash-${n}` },
    }));
    const events = given([registered, ...links]).when({
      type: 'CompletePasswordReset',
      tokenHash: `hash-${LIVE_RESET_LINKS}`,
      passwordHash: 'scrypt$h2',
      now: '2026-11-22T12:30:00.000Z',
    })();
    expect(events[0]).toMatchObject({ type: 'PasswordResetCompleted' });
  });

  it('given a user whose e-mail changed to B, when a reset is asked for their old e-mail A, then no event; for B, then PasswordResetRequested', () => {
    const movedToB: AccountEvent = {
      type: 'UserEmailChanged',
      data: { userId, email: 'ana.souza@example.com', previousEmail: 'ana@example.com' },
    };
    const request = {
      type: 'RequestPasswordReset',
      tokenHash: 'hash-1',
      expiresAt: '2026-11-22T13:00:00.000Z',
    } as const;
    expect(given([registered, movedToB]).when({ ...request, email: 'ana@example.com' })()).toEqual(
      [],
    );
    expect(
      given([registered, movedToB]).when({ ...request, email: 'ana.souza@example.com' })(),
    ).toEqual([resetRequested]);
  });

  it('given a user deleted after the reset was asked for, when it is decided, then no event (nothing to mail, no error)', () => {
    const deleted: AccountEvent = { type: 'UserDeleted', data: { userId } };
    expect(
      given([registered, deleted]).when({
        type: 'RequestPasswordReset',
        email: 'ana@example.com',
        tokenHash: 'hash-1',
        expiresAt: '2026-11-22T13:00:00.000Z',
      })(),
    ).toEqual([]);
  });

  it('given a user, when a reset is asked for their e-mail spelled with capitals and spaces, then PasswordResetRequested', () => {
    expect(
      given([registered]).when({
        type: 'RequestPasswordReset',
        email: '  Ana@Example.COM ',
        tokenHash: 'hash-1',
        expiresAt: '2026-11-22T13:00:00.000Z',
      })(),
    ).toEqual([resetRequested]);
  });

  it('given a password changed, then the pending reset is gone and the new hash is the state', () => {
    const state = fold(userDecider, [
      registered,
      resetRequested,
      { type: 'UserPasswordChanged', data: { userId, passwordHash: 'scrypt$h3' } },
    ]);
    expect(state).toMatchObject({
      status: 'active',
      passwordHash: 'scrypt$h3',
      pendingResets: [],
    });
  });

  it('given a user, when ChangeRole admin then DeleteUser, then role changed and deleted; a deleted user cannot be changed', () => {
    expect(given([registered]).when({ type: 'ChangeRole', role: 'admin' })()).toEqual([
      { type: 'UserRoleChanged', data: { userId, role: 'admin' } },
    ]);
    expect(given([registered]).when({ type: 'ChangeRole', role: 'user' })()).toEqual([]);
    const deleted: AccountEvent = { type: 'UserDeleted', data: { userId } };
    expect(given([registered]).when({ type: 'DeleteUser', requestedBy: adminId })()).toEqual([
      deleted,
    ]);
    rejectsWith(
      given([registered, deleted]).when({ type: 'UpdateProfile', changes: { name: 'X' } }),
      'not_found',
      'Usuário não encontrado.',
    );
  });
});

describe('session versions', () => {
  const versionAfter = (events: AccountEvent[]) => {
    const state = fold(userDecider, events);
    return state.status === 'active' ? state.sessionVersion : null;
  };

  it('given a new user, then session version 0; a password change and a role change each raise it', () => {
    expect(versionAfter([registered])).toBe(0);
    const changed: AccountEvent = {
      type: 'UserPasswordChanged',
      data: { userId, passwordHash: 'scrypt$h2' },
    };
    expect(versionAfter([registered, changed])).toBe(1);
    expect(
      versionAfter([
        registered,
        changed,
        { type: 'UserRoleChanged', data: { userId, role: 'admin' } },
      ]),
    ).toBe(2);
  });

  it('given profile, preferences, reset requests and a rehash, then the session version stays', () => {
    expect(
      versionAfter([
        registered,
        { type: 'UserProfileUpdated', data: { userId, name: 'Ana', phone: '', address: '' } },
        {
          type: 'UserPreferencesChanged',
          data: { userId, notifications: { email: false, sms: false } },
        },
        resetRequested,
        { type: 'UserPasswordRehashed', data: { userId, passwordHash: 'scrypt$h9' } },
      ]),
    ).toBe(0);
  });

  it('given a deleted user, then no active user (every token refused)', () => {
    expect(versionAfter([registered, { type: 'UserDeleted', data: { userId } }])).toBeNull();
  });
});

describe("'Sair' ends one session", () => {
  const signedOut = (sessionId: string, signedOutAt: string, expiresAt: string): AccountEvent => ({
    type: 'SignedOut',
    data: { userId, sessionId, expiresAt, signedOutAt },
  });
  const endedAfter = (events: AccountEvent[]) => {
    const state = fold(userDecider, events);
    return state.status === 'active' ? state.endedSessions.map((s) => s.sessionId) : null;
  };

  it('given a user, when SignOut of a live session, then SignedOut with its expiry and the time', () => {
    expect(
      given([registered]).when({
        type: 'SignOut',
        sessionId: 'laptop',
        expiresAt: '2026-11-23T00:00:00.000Z',
        now: '2026-11-22T12:00:00.000Z',
      })(),
    ).toEqual([signedOut('laptop', '2026-11-22T12:00:00.000Z', '2026-11-23T00:00:00.000Z')]);
  });

  it('given the session already ended, when SignOut again (a second click, a retry), then nothing', () => {
    const ended = signedOut('laptop', '2026-11-22T12:00:00.000Z', '2026-11-23T00:00:00.000Z');
    expect(
      given([registered, ended]).when({
        type: 'SignOut',
        sessionId: 'laptop',
        expiresAt: '2026-11-23T00:00:00.000Z',
        now: '2026-11-22T12:01:00.000Z',
      })(),
    ).toEqual([]);
  });

  it('given a token already expired, when SignOut, then nothing to remember', () => {
    expect(
      given([registered]).when({
        type: 'SignOut',
        sessionId: 'old',
        expiresAt: '2026-11-22T11:00:00.000Z',
        now: '2026-11-22T12:00:00.000Z',
      })(),
    ).toEqual([]);
  });

  it('given no active user, when SignOut, then 404', () => {
    rejectsWith(
      given([registered, { type: 'UserDeleted', data: { userId } }]).when({
        type: 'SignOut',
        sessionId: 'laptop',
        expiresAt: '2026-11-23T00:00:00.000Z',
        now: '2026-11-22T12:00:00.000Z',
      }),
      'not_found',
      'Usuário não encontrado.',
    );
  });

  it('given sessions ended over time, then only those whose tokens have not expired by the last sign-out are kept', () => {
    expect(
      endedAfter([
        registered,
        signedOut('a', '2026-11-22T08:00:00.000Z', '2026-11-22T10:00:00.000Z'),
        signedOut('b', '2026-11-22T09:00:00.000Z', '2026-11-22T20:00:00.000Z'),
        signedOut('c', '2026-11-22T12:00:00.000Z', '2026-11-23T00:00:00.000Z'),
      ]),
    ).toEqual(['b', 'c']);
  });

  it('given ended sessions, when the password or the role changes, then the list empties (the new version ends every older token) and the version rises', () => {
    const ended = signedOut('a', '2026-11-22T08:00:00.000Z', '2026-11-22T20:00:00.000Z');
    expect(
      endedAfter([
        registered,
        ended,
        { type: 'UserPasswordChanged', data: { userId, passwordHash: 'scrypt$h2' } },
      ]),
    ).toEqual([]);
    expect(
      endedAfter([registered, ended, { type: 'UserRoleChanged', data: { userId, role: 'admin' } }]),
    ).toEqual([]);
  });

  it('given a sign-out, then the session version stays (her other sessions go on)', () => {
    const state = fold(userDecider, [
      registered,
      signedOut('a', '2026-11-22T08:00:00.000Z', '2026-11-22T20:00:00.000Z'),
    ]);
    expect(state.status === 'active' && state.sessionVersion).toBe(0);
  });
});

describe('password rehash', () => {
  it('given the hash that was checked is still current, when RehashPassword, then UserPasswordRehashed with the new hash', () => {
    const rehash = {
      type: 'RehashPassword',
      previousHash: 'scrypt$h1',
      passwordHash: 'scrypt$new',
    } as const;
    expect(given([registered]).when(rehash)()).toEqual([
      { type: 'UserPasswordRehashed', data: { userId, passwordHash: 'scrypt$new' } },
    ]);
    const state = fold(userDecider, [registered, ...given([registered]).when(rehash)()]);
    expect(state).toMatchObject({ passwordHash: 'scrypt$new', sessionVersion: 0 });
  });

  it('given the password was changed meanwhile, when RehashPassword of the old hash, then nothing', () => {
    const changed: AccountEvent = {
      type: 'UserPasswordChanged',
      data: { userId, passwordHash: 'scrypt$h2' },
    };
    expect(
      given([registered, changed]).when({
        type: 'RehashPassword',
        previousHash: 'scrypt$h1',
        passwordHash: 'scrypt$new',
      })(),
    ).toEqual([]);
  });
});

describe('e-mail reservation decider', () => {
  const reserve = { type: 'Reserve', value: 'ana@example.com', holderId: userId } as const;
  const otherId = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

  it('given a free e-mail, when reserved, then EmailReserved; by another, then 409; by the same, nothing', () => {
    const events = emailReservationDecider.decide(reserve, emailReservationDecider.initialState);
    expect(events).toEqual([{ type: 'EmailReserved', data: { email: 'ana@example.com', userId } }]);
    const reserved = fold(emailReservationDecider, events);
    expect(emailReservationDecider.decide(reserve, reserved)).toEqual([]);
    expect(() =>
      emailReservationDecider.decide({ ...reserve, holderId: otherId }, reserved),
    ).toThrow('Email já registrado.');
  });

  it('given a reserved e-mail, when its holder releases it, then EmailReleased and it may be reserved again', () => {
    const reserved = fold(emailReservationDecider, [
      { type: 'EmailReserved', data: { email: 'ana@example.com', userId } },
    ]);
    const release = { type: 'Release', value: 'ana@example.com', holderId: userId } as const;
    const released = emailReservationDecider.decide(release, reserved);
    expect(released).toEqual([
      { type: 'EmailReleased', data: { email: 'ana@example.com', userId } },
    ]);
    const free = released.reduce(emailReservationDecider.evolve, reserved);
    expect(free).toEqual({ status: 'free' });
    expect(emailReservationDecider.decide({ ...reserve, holderId: otherId }, free)).toEqual([
      { type: 'EmailReserved', data: { email: 'ana@example.com', userId: otherId } },
    ]);
  });

  it('given an e-mail another user holds, when released by someone else, then nothing', () => {
    const reserved = fold(emailReservationDecider, [
      { type: 'EmailReserved', data: { email: 'ana@example.com', userId } },
    ]);
    expect(
      emailReservationDecider.decide(
        { type: 'Release', value: 'ana@example.com', holderId: otherId },
        reserved,
      ),
    ).toEqual([]);
  });
});

describe('accounts an administrator manages', () => {
  const invite = {
    type: 'InviteUser',
    userId,
    email: 'ana@example.com',
    name: 'Ana Lima',
    phone: '11987654321',
    address: 'Rua A, 10',
    role: 'user',
    tokenHash: 'hash-invite',
    expiresAt: '2026-11-29T12:00:00.000Z',
  } as const;
  const invited: AccountEvent = {
    type: 'UserInvited',
    data: {
      userId,
      email: 'ana@example.com',
      name: 'Ana Lima',
      phone: '11987654321',
      address: 'Rua A, 10',
      role: 'user',
    },
  };
  const inviteLink: AccountEvent = {
    type: 'PasswordResetRequested',
    data: { userId, tokenHash: 'hash-invite', expiresAt: '2026-11-29T12:00:00.000Z' },
  };
  const edit = {
    type: 'EditUser',
    requestedBy: adminId,
    name: 'Ana Lima',
    email: 'ana@example.com',
    phone: '',
    address: '',
    role: 'user',
  } as const;

  it('given no user, when invited, then UserInvited and its password link in one decision; the account has no password', () => {
    const events = given([]).when(invite)();
    expect(events).toEqual([invited, inviteLink]);
    expect(fold(userDecider, events)).toMatchObject({
      status: 'active',
      email: 'ana@example.com',
      phone: '11987654321',
      address: 'Rua A, 10',
      passwordHash: null,
      pendingResets: [{ tokenHash: 'hash-invite', expiresAt: '2026-11-29T12:00:00.000Z' }],
      sessionVersion: 0,
    });
  });

  it('given a user, when invited again under that id, then 409', () => {
    rejectsWith(given([registered]).when(invite), 'conflict', 'Email já registrado.');
  });

  it('given an invited user, when the link is used in time, then the password is set', () => {
    const events = given([invited, inviteLink]).when({
      type: 'CompletePasswordReset',
      tokenHash: 'hash-invite',
      passwordHash: 'scrypt$set',
      now: '2026-11-28T12:00:00.000Z',
    })();
    expect(fold(userDecider, [invited, inviteLink, ...events])).toMatchObject({
      passwordHash: 'scrypt$set',
      pendingResets: [],
      // The invitation was mailed to that address: setting the password through it proves it.
      emailConfirmed: true,
    });
  });

  it('given the same values, when edited, then nothing', () => {
    expect(given([registered]).when(edit)()).toEqual([]);
  });

  it('given a user, when an admin edits profile, e-mail and role, then one event each in that order', () => {
    expect(
      given([registered]).when({
        ...edit,
        name: 'Ana Souza',
        phone: '11987654321',
        email: 'ana.souza@example.com',
        role: 'admin',
      })(),
    ).toEqual([
      {
        type: 'UserProfileUpdated',
        data: { userId, name: 'Ana Souza', phone: '11987654321', address: '' },
      },
      {
        type: 'UserEmailChanged',
        data: { userId, email: 'ana.souza@example.com', previousEmail: 'ana@example.com' },
      },
      { type: 'UserRoleChanged', data: { userId, role: 'admin' } },
    ]);
  });

  it('given an e-mail change, then the user has the new e-mail and keeps their sessions', () => {
    const state = fold(userDecider, [
      registered,
      {
        type: 'UserEmailChanged',
        data: { userId, email: 'ana.souza@example.com', previousEmail: 'ana@example.com' },
      },
    ]);
    expect(state).toMatchObject({ email: 'ana.souza@example.com', sessionVersion: 0 });
  });

  it('given an admin, when they change their own role, then 409 and nothing; their own name, then allowed', () => {
    const admin: AccountEvent = {
      type: 'UserRegistered',
      data: { ...registered.data, role: 'admin' },
    };
    rejectsWith(
      given([admin]).when({ ...edit, requestedBy: userId, role: 'user' }),
      'conflict',
      'Não é possível mudar a própria role.',
    );
    expect(
      given([admin]).when({ ...edit, requestedBy: userId, role: 'admin', name: 'Ana Souza' })(),
    ).toEqual([
      { type: 'UserProfileUpdated', data: { userId, name: 'Ana Souza', phone: '', address: '' } },
    ]);
  });

  it('given an admin, when they delete their own account, then 409', () => {
    rejectsWith(
      given([registered]).when({ type: 'DeleteUser', requestedBy: userId }),
      'conflict',
      'Você não pode excluir sua própria conta.',
    );
  });

  it('given a deleted user, when edited or deleted again, then 404', () => {
    const deleted: AccountEvent = { type: 'UserDeleted', data: { userId } };
    rejectsWith(given([registered, deleted]).when(edit), 'not_found', 'Usuário não encontrado.');
    rejectsWith(
      given([registered, deleted]).when({ type: 'DeleteUser', requestedBy: adminId }),
      'not_found',
      'Usuário não encontrado.',
    );
  });
});

describe('e-mail confirmation (issue 41)', () => {
  const fingerprintOfAna = emailFingerprint('ana@example.com');
  const confirmed: AccountEvent = {
    type: 'UserEmailConfirmed',
    data: { userId, email: 'ana@example.com' },
  };
  const changedToSouza: AccountEvent = {
    type: 'UserEmailChanged',
    data: { userId, email: 'ana.souza@example.com', previousEmail: 'ana@example.com' },
  };

  it.each([
    ['registered', [registered]],
    [
      'invited',
      [
        {
          type: 'UserInvited',
          data: { ...registered.data, phone: '', address: '' },
        } satisfies AccountEvent,
      ],
    ],
    ['confirmed, then moved to another e-mail', [registered, confirmed, changedToSouza]],
  ] as const)('given an account %s, then its e-mail is not confirmed', (_case, events) => {
    expect(fold(userDecider, events)).toMatchObject({ status: 'active', emailConfirmed: false });
  });

  it('given a confirmation of the e-mail the account had before, then the new one stays unconfirmed', () => {
    expect(fold(userDecider, [registered, changedToSouza, confirmed])).toMatchObject({
      email: 'ana.souza@example.com',
      emailConfirmed: false,
    });
  });

  it('given an unconfirmed e-mail, when ConfirmEmail with its fingerprint, then UserEmailConfirmed for it', () => {
    const events = given([registered]).when({
      type: 'ConfirmEmail',
      emailFingerprint: fingerprintOfAna,
    })();
    expect(events).toEqual([confirmed]);
    expect(fold(userDecider, [registered, ...events])).toMatchObject({ emailConfirmed: true });
  });

  it('given a confirmed e-mail, when ConfirmEmail again, then nothing', () => {
    expect(
      given([registered, confirmed]).when({
        type: 'ConfirmEmail',
        emailFingerprint: fingerprintOfAna,
      })(),
    ).toEqual([]);
  });

  it('given the e-mail changed since the link was mailed, when ConfirmEmail with the old fingerprint, then 409 and nothing', () => {
    rejectsWith(
      given([registered, changedToSouza]).when({
        type: 'ConfirmEmail',
        emailFingerprint: fingerprintOfAna,
      }),
      'conflict',
      notificationMessages.confirmationStale,
    );
  });

  it.each([
    ['no account', []],
    ['a deleted account', [registered, { type: 'UserDeleted', data: { userId } } as const]],
  ] as const)('given %s, when ConfirmEmail, then 400 invalid link', (_case, events) => {
    rejectsWith(
      given(events).when({ type: 'ConfirmEmail', emailFingerprint: fingerprintOfAna }),
      'validation',
      notificationMessages.confirmationInvalid,
    );
  });

  it('given an unconfirmed e-mail, when RequestEmailConfirmation, then EmailConfirmationRequested to the e-mail it has; confirmed, then nothing', () => {
    expect(
      given([registered, changedToSouza]).when({ type: 'RequestEmailConfirmation' })(),
    ).toEqual([
      { type: 'EmailConfirmationRequested', data: { userId, email: 'ana.souza@example.com' } },
    ]);
    expect(given([registered, confirmed]).when({ type: 'RequestEmailConfirmation' })()).toEqual([]);
  });
});

describe('one-click unsubscribe (issue 41)', () => {
  it('given e-mail and SMS on, when UnsubscribeFromEmail, then e-mail off and SMS kept', () => {
    const smsOn: AccountEvent = {
      type: 'UserPreferencesChanged',
      data: { userId, notifications: { email: true, sms: true } },
    };
    expect(given([registered, smsOn]).when({ type: 'UnsubscribeFromEmail' })()).toEqual([
      {
        type: 'UserPreferencesChanged',
        data: { userId, notifications: { email: false, sms: true } },
      },
    ]);
  });

  it('given e-mail already off, when UnsubscribeFromEmail, then nothing', () => {
    const off: AccountEvent = {
      type: 'UserPreferencesChanged',
      data: { userId, notifications: { email: false, sms: false } },
    };
    expect(given([registered, off]).when({ type: 'UnsubscribeFromEmail' })()).toEqual([]);
  });

  it('given a deleted account, when UnsubscribeFromEmail, then 400 invalid link', () => {
    rejectsWith(
      given([registered, { type: 'UserDeleted', data: { userId } }]).when({
        type: 'UnsubscribeFromEmail',
      }),
      'validation',
      notificationMessages.unsubscribeInvalid,
    );
  });
});
