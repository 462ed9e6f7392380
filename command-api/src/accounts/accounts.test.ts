import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountMessages, userStreamName } from '@quitute/contracts';
import { createPasswordHasher, type PasswordHasher } from '@quitute/infra/auth';
import {
  authenticateUser,
  completePasswordReset,
  deleteUser,
  editUser,
  emailReservations,
  inviteUser,
  registerUser,
  requestPasswordReset,
  runUserCommand,
  sessionVersionsFromStreams,
} from './accounts';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import { createMemoryCommandStores } from '../shared/testing';

const context = () => ({
  commandId: randomUUID(),
  correlationId: 'test',
  occurredAt: '2026-11-22T12:00:00.000Z',
});
const older = createPasswordHasher({ N: 1024, r: 8, p: 1 });
const today = createPasswordHasher({ N: 2048, r: 8, p: 1 });

/** A hasher that counts the KDF runs it is asked for. */
function counting(inner: PasswordHasher) {
  const counted = { hashes: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => {
      counted.hashes += 1;
      return inner.hash(password);
    },
    verify: (password, hash) => inner.verify(password, hash),
    verifyAgainstDecoy: (password) => inner.verifyAgainstDecoy(password),
  };
  return { hasher, counted };
}

async function givenCustomer(passwords: PasswordHasher) {
  const store = createMemoryCommandStores();
  const email = 'ana@example.com';
  const { userId } = await registerUser(
    store,
    passwords,
    { email, name: 'Ana', password: 'Segredo123', role: 'user' },
    context(),
  );
  return { store, email, userId };
}

describe('password rehash on login', () => {
  it('given a hash made with older parameters, when the customer logs in, then the hash is replaced and the sessions stay', async () => {
    const { store, email, userId } = await givenCustomer(older);
    const sessionVersion = sessionVersionsFromStreams(store);

    await authenticateUser(store, today, email, 'Segredo123', context());

    const events = await store.eventStore.readStream(userStreamName(userId));
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'UserPasswordRehashed']);
    expect(events[1]?.data['passwordHash']).toMatch(/^scrypt\$2048\$8\$1\$/);
    expect((await sessionVersion(userId))?.sessionVersion).toBe(0);
    const again = await authenticateUser(store, today, email, 'Segredo123', context());
    expect(again.user.userId).toBe(userId);
    expect(await store.eventStore.readStream(userStreamName(userId))).toHaveLength(2);
  });

  it('given a hash with older parameters, when a wrong password is tried, then nothing is appended', async () => {
    const { store, email, userId } = await givenCustomer(older);
    await expect(authenticateUser(store, today, email, 'Errada123', context())).rejects.toThrow(
      accountMessages.invalidCredentials,
    );
    expect(await store.eventStore.readStream(userStreamName(userId))).toHaveLength(1);
  });
});

describe('reset confirm', () => {
  it('given a made-up or spent link, when confirmed, then refused without hashing the new password', async () => {
    const { store, email, userId } = await givenCustomer(older);
    const { hasher, counted } = counting(older);

    const madeUp = `${userId}.${'a'.repeat(43)}`;
    await expect(
      completePasswordReset(store, hasher, madeUp, 'NovaSenha9', context()),
    ).rejects.toThrow(accountMessages.resetTokenInvalid);
    expect(counted.hashes).toBe(0);

    const issued = await requestPasswordReset(store, email, context());
    if (!issued) throw new Error('expected a reset link');
    await completePasswordReset(store, hasher, issued.token, 'NovaSenha9', context());
    expect(counted.hashes).toBe(1);
    await expect(
      completePasswordReset(store, hasher, issued.token, 'Outra12345', context()),
    ).rejects.toThrow(accountMessages.resetTokenInvalid);
    expect(counted.hashes).toBe(1);
  });

  it('given other writes to the user landing while a reset request is decided, again after it read the stream anew, when the reset is requested, then it is decided again on the newer stream and its link works', async () => {
    const { store, email, userId } = await givenCustomer(older);
    const stream = userStreamName(userId);
    let interleaved = 0;
    const racing = {
      ...store,
      eventStore: {
        ...store.eventStore,
        appendToStream: async (
          ...args: Parameters<typeof store.eventStore.appendToStream>
        ): ReturnType<typeof store.eventStore.appendToStream> => {
          if (args[0] === stream && interleaved < 2) {
            interleaved += 1;
            await runUserCommand(
              store,
              userId,
              { type: 'UpdateProfile', changes: { phone: `1199999000${interleaved}` } },
              { ...context(), actorId: userId, actorRole: 'user' },
            );
          }
          return store.eventStore.appendToStream(...args);
        },
      },
    };

    const issued = await requestPasswordReset(racing, email, context());
    if (!issued) throw new Error('expected a reset link');
    await completePasswordReset(store, older, issued.token, 'NovaSenha9', context());

    expect(interleaved).toBe(2);
    expect((await store.eventStore.readStream(stream)).map((event) => event.type)).toEqual([
      'UserRegistered',
      'UserProfileUpdated',
      'UserProfileUpdated',
      'PasswordResetRequested',
      'PasswordResetCompleted',
      'UserPasswordChanged',
      'UserEmailConfirmed',
    ]);
  });

  it('given a completed reset, then the session version is raised', async () => {
    const { store, email, userId } = await givenCustomer(older);
    const issued = await requestPasswordReset(store, email, context());
    if (!issued) throw new Error('expected a reset link');
    await completePasswordReset(store, older, issued.token, 'NovaSenha9', context());
    expect((await sessionVersionsFromStreams(store)(userId))?.sessionVersion).toBe(1);
    expect(await sessionVersionsFromStreams(store)(randomUUID())).toBeNull();
  });
});

/** `store` where each of `writes` lands right before the next append to `stream`, in turn. */
function writesBeforeAppends(
  store: CommandStores,
  stream: string,
  writes: (() => Promise<unknown>)[],
): CommandStores {
  const pending = [...writes];
  return {
    ...store,
    eventStore: {
      ...store.eventStore,
      appendToStream: async (...args) => {
        if (args[0] === stream) await pending.shift()?.();
        return store.eventStore.appendToStream(...args);
      },
    },
  };
}

/** `store` where `write` lands right after the first read of `stream`: what was read is stale at once. */
function writeAfterFirstRead(
  store: CommandStores,
  stream: string,
  write: () => Promise<unknown>,
): CommandStores {
  let landed = false;
  return {
    ...store,
    eventStore: {
      ...store.eventStore,
      readStream: async (...args) => {
        const events = await store.eventStore.readStream(...args);
        if (args[0] === stream && !landed) {
          landed = true;
          await write();
        }
        return events;
      },
    },
  };
}

describe('reset request', () => {
  const adminId = '7e1d5c3b-2a4f-4b6e-9c8d-0f1e2d3c4b5a';
  const newEmail = 'ana.nova@example.com';

  it('given a customer, when a reset is asked for their e-mail however spelled, then a working link is issued for that e-mail', async () => {
    const { store, email, userId } = await givenCustomer(older);

    const issued = await requestPasswordReset(store, '  ANA@Example.com ', context());

    expect(issued?.user).toMatchObject({ userId, email });
    if (!issued) throw new Error('expected a reset link');
    await completePasswordReset(store, older, issued.token, 'NovaSenha9', context());
    await authenticateUser(store, older, email, 'NovaSenha9', context());
  });

  /** The writes that race the reset request, and the store it runs on. */
  interface Race {
    store: CommandStores;
    stream: string;
    changeEmail: () => Promise<void>;
    updatePhone: () => Promise<void>;
  }

  it.each<[string, (race: Race) => CommandStores]>([
    [
      'between its look-up and its decision',
      ({ store, stream, changeEmail }) => writeAfterFirstRead(store, stream, changeEmail),
    ],
    [
      'right before its append',
      ({ store, stream, changeEmail }) => writesBeforeAppends(store, stream, [changeEmail]),
    ],
    [
      'right before its append, decided again after another write',
      ({ store, stream, changeEmail, updatePhone }) =>
        writesBeforeAppends(store, stream, [updatePhone, changeEmail]),
    ],
  ])(
    'given a customer found by their e-mail, when an admin changes it %s, then no link is appended nor issued (nothing to mail to the old address)',
    async (_case, racing) => {
      const { store, email, userId } = await givenCustomer(older);
      const stream = userStreamName(userId);
      let emailChanged = false;
      const changeEmail = async () => {
        await editUser(
          store,
          userId,
          { name: 'Ana', email: newEmail },
          { ...context(), actorId: adminId, actorRole: 'admin' },
        );
        emailChanged = true;
      };
      const updatePhone = async () => {
        await runUserCommand(
          store,
          userId,
          { type: 'UpdateProfile', changes: { phone: '11999990001' } },
          { ...context(), actorId: userId, actorRole: 'user' },
        );
      };

      const issued = await requestPasswordReset(
        racing({ store, stream, changeEmail, updatePhone }),
        email,
        context(),
      );

      expect(emailChanged).toBe(true);
      expect(issued).toBeNull();
      const types = (await store.eventStore.readStream(stream)).map((event) => event.type);
      expect(types).not.toContain('PasswordResetRequested');
      const atNewEmail = await requestPasswordReset(store, newEmail, context());
      expect(atNewEmail?.user.email).toBe(newEmail);
    },
  );
});

describe('accounts an administrator manages', () => {
  const adminContext = (): CommandContext => ({
    ...context(),
    actorId: adminId,
    actorRole: 'admin',
  });
  const adminId = 'c1f0e7a2-3b4d-4c5e-8f6a-7b8c9d0e1f2a';
  const invitee = {
    email: 'bia@example.com',
    name: 'Bia Costa',
    phone: '',
    address: '',
    role: 'user',
  } as const;

  it('given an invited user, when they log in before setting a password, then the wrong-password answer; with the link used, they log in', async () => {
    const store = createMemoryCommandStores();
    const invited = await inviteUser(store, invitee, adminContext());
    expect(invited.expiresAt).toBe('2026-11-29T12:00:00.000Z');
    await expect(
      authenticateUser(store, older, invitee.email, 'Qualquer1', context()),
    ).rejects.toMatchObject({ code: 'unauthorized', message: accountMessages.invalidCredentials });

    await completePasswordReset(store, older, invited.token, 'NovaSenha9', context());

    const { user } = await authenticateUser(store, older, invitee.email, 'NovaSenha9', context());
    expect(user.userId).toBe(invited.user.userId);
  });

  it('given a registered e-mail, when invited, then 409 and nothing appended', async () => {
    const { store, email } = await givenCustomer(older);
    const before = (await store.eventStore.readAll()).length;
    await expect(inviteUser(store, { ...invitee, email }, adminContext())).rejects.toMatchObject({
      code: 'conflict',
      message: accountMessages.emailTaken,
    });
    expect(await store.eventStore.readAll()).toHaveLength(before);
  });

  it('given an e-mail changed by an admin, then the new one logs in, the old one does not and may be registered again', async () => {
    const { store, email, userId } = await givenCustomer(older);
    await editUser(store, userId, { name: 'Ana', email: 'ana.nova@example.com' }, adminContext());

    await authenticateUser(store, older, 'ana.nova@example.com', 'Segredo123', context());
    await expect(
      authenticateUser(store, older, email, 'Segredo123', context()),
    ).rejects.toMatchObject({ code: 'unauthorized' });
    const again = await registerUser(
      store,
      older,
      { email, name: 'Outra Ana', password: 'Segredo123', role: 'user' },
      context(),
    );
    expect(again.userId).not.toBe(userId);
  });

  it("given another account's e-mail, when an admin gives it to a user, then 409 and the user keeps theirs", async () => {
    const { store, userId } = await givenCustomer(older);
    await inviteUser(store, invitee, adminContext());
    await expect(
      editUser(store, userId, { name: 'Ana', email: invitee.email }, adminContext()),
    ).rejects.toMatchObject({ code: 'conflict', message: accountMessages.emailTaken });
    await authenticateUser(store, older, 'ana@example.com', 'Segredo123', context());
  });

  it('given an admin changing their own role and e-mail, then 409 and the new e-mail is given back', async () => {
    const store = createMemoryCommandStores();
    const { userId } = await registerUser(
      store,
      older,
      { email: 'chefe@example.com', name: 'Chefe', password: 'Segredo123', role: 'admin' },
      context(),
    );
    await expect(
      editUser(
        store,
        userId,
        { name: 'Chefe', email: 'chefe.novo@example.com', role: 'user' },
        { ...adminContext(), actorId: userId },
      ),
    ).rejects.toMatchObject({ code: 'conflict', message: accountMessages.ownRoleChange });
    expect(await emailReservations(store).holder('chefe.novo@example.com')).toBeNull();
  });

  it('given a deleted user, then their tokens, their login and their e-mail are gone; the e-mail may be registered again', async () => {
    const { store, email, userId } = await givenCustomer(older);
    await deleteUser(store, userId, adminContext());

    expect(await sessionVersionsFromStreams(store)(userId)).toBeNull();
    await expect(
      authenticateUser(store, older, email, 'Segredo123', context()),
    ).rejects.toMatchObject({ code: 'unauthorized', message: accountMessages.invalidCredentials });
    const again = await registerUser(
      store,
      older,
      { email, name: 'Ana de Novo', password: 'Segredo123', role: 'user' },
      context(),
    );
    expect(again.userId).not.toBe(userId);
  });

  it('given a user deleted whose e-mail was never released, when the e-mail registers again, then the left-over reservation is released first', async () => {
    const { store, email, userId } = await givenCustomer(older);
    await runUserCommand(
      store,
      userId,
      { type: 'DeleteUser', requestedBy: adminId },
      adminContext(),
    );

    const again = await registerUser(
      store,
      older,
      { email, name: 'Ana de Novo', password: 'Segredo123', role: 'user' },
      context(),
    );
    expect(await emailReservations(store).holder(email)).toMatchObject({
      holderId: again.userId,
    });
  });

  it('given an admin, when they delete their own account, then 409 and they can still log in', async () => {
    const { store, email, userId } = await givenCustomer(older);
    await expect(
      deleteUser(store, userId, { ...adminContext(), actorId: userId }),
    ).rejects.toMatchObject({ code: 'conflict', message: accountMessages.ownAccountDeletion });
    await authenticateUser(store, older, email, 'Segredo123', context());
  });
});
