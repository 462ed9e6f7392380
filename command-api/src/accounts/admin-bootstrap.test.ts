import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cheapPasswords } from '@quitute/infra/testing';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import { createMemoryCommandStores } from '../shared/testing';
import { authenticateUser, deleteUser, editUser, findUserByEmail, registerUser } from './accounts';
import { adminUserId, ensureAdmin } from './admin-bootstrap';

const now = () => new Date('2026-11-22T09:00:00.000Z');
const passwords = cheapPasswords;

describe('ensureAdmin', () => {
  it('given an empty store, when the admin is ensured, then the system is recorded as the actor of every event', async () => {
    const store = createMemoryCommandStores();

    const result = await ensureAdmin(store, {
      email: 'admin@quitute.com.br',
      password: 'Admin12345',
      now,
      passwords,
    });

    expect(result).toEqual({
      created: true,
      email: 'admin@quitute.com.br',
      password: 'Admin12345',
      generated: false,
    });
    const events = await store.eventStore.readAll();
    expect(events.map((event) => event.type)).toEqual(['EmailReserved', 'UserRegistered']);
    for (const event of events) {
      expect(event.metadata).toMatchObject({
        actorId: 'system',
        actorRole: 'system',
        occurredAt: '2026-11-22T09:00:00.000Z',
      });
    }
    expect(events[1]?.data).toMatchObject({ email: 'admin@quitute.com.br', role: 'admin' });
  });

  it('given the admin exists, when ensured again, then nothing is appended', async () => {
    const store = createMemoryCommandStores();
    await ensureAdmin(store, {
      email: 'admin@quitute.com.br',
      password: 'Admin12345',
      now,
      passwords,
    });

    const again = await ensureAdmin(store, { email: 'admin@quitute.com.br', now, passwords });

    expect(again).toEqual({ created: false });
    expect(await store.eventStore.readAll()).toHaveLength(2);
  });

  it('given no password, when the admin is ensured, then a password passing the register rules is generated', async () => {
    const store = createMemoryCommandStores();

    const result = await ensureAdmin(store, { email: 'admin@quitute.com.br', now, passwords });

    expect(result).toMatchObject({ created: true, generated: true });
    expect(result.created && result.password).toMatch(/^(?=.*[A-Z])(?=.*\d).{8,}$/);
  });
});

/** Stores whose warnings are kept, as a start's log would show them. */
function storesWithWarnings(): CommandStores & { warnings: string[] } {
  const warnings: string[] = [];
  const stores = createMemoryCommandStores();
  return {
    ...stores,
    logger: {
      warn: (...args: unknown[]) => {
        warnings.push(args.map((arg) => (typeof arg === 'string' ? arg : '')).join(''));
      },
    },
    warnings,
  };
}

const byOwner = (ownerId: string): CommandContext => ({
  commandId: randomUUID(),
  correlationId: 'test',
  occurredAt: now().toISOString(),
  actorId: ownerId,
  actorRole: 'admin',
});

describe('ensureAdmin after the owner took the shop over (issue 37)', () => {
  const email = 'admin@quitute.com.br';

  it('given the seeded admin renamed to the owner’s own e-mail, when the shop starts again, then it starts, creates nothing, warns once, and the owner signs in with her e-mail', async () => {
    const store = storesWithWarnings();
    await ensureAdmin(store, { email, password: 'Admin12345', now, passwords });
    const adminId = adminUserId(email);
    await editUser(
      store,
      adminId,
      { name: 'Dona Rosa', email: 'rosa@padaria.com.br' },
      byOwner(adminId),
    );
    const before = await store.eventStore.readAll();

    const again = await ensureAdmin(store, { email, now, passwords });

    expect(again).toEqual({ created: false });
    expect(await store.eventStore.readAll()).toEqual(before);
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toMatch(/now has another e-mail/);
    expect(await findUserByEmail(store, email)).toBeNull();
    const { user } = await authenticateUser(store, passwords, 'rosa@padaria.com.br', 'Admin12345', {
      commandId: randomUUID(),
      correlationId: 'test',
      occurredAt: now().toISOString(),
    });
    expect(user).toMatchObject({ userId: adminId, role: 'admin' });
  });

  it('given the owner’s own admin and the seeded one deleted, when the shop starts again, then it starts, creates nothing (the e-mail is free again), and warns once', async () => {
    const store = storesWithWarnings();
    await ensureAdmin(store, { email, password: 'Admin12345', now, passwords });
    const { userId: ownerId } = await registerUser(
      store,
      passwords,
      { email: 'rosa@padaria.com.br', name: 'Dona Rosa', password: 'Segredo123', role: 'admin' },
      byOwner('system'),
    );
    await deleteUser(store, adminUserId(email), byOwner(ownerId));
    const before = await store.eventStore.readAll();

    const again = await ensureAdmin(store, { email, now, passwords });

    expect(again).toEqual({ created: false });
    expect(await store.eventStore.readAll()).toEqual(before);
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toMatch(/was deleted/);
  });

  it('given the seeded admin as it was made, when the shop starts again, then nothing is appended and nothing is warned', async () => {
    const store = storesWithWarnings();
    await ensureAdmin(store, { email, password: 'Admin12345', now, passwords });

    expect(await ensureAdmin(store, { email, now, passwords })).toEqual({ created: false });

    expect(store.warnings).toEqual([]);
    expect(await store.eventStore.readAll()).toHaveLength(2);
  });

  it('given a customer who signed up with the e-mail ADMIN_EMAIL names, when the shop starts, then no admin is made, she stays a customer, and the log says why', async () => {
    const store = storesWithWarnings();
    await registerUser(
      store,
      passwords,
      { email: 'dona@padaria.com.br', name: 'Estranha', password: 'Segredo123', role: 'user' },
      byOwner('system'),
    );

    const result = await ensureAdmin(store, { email: 'dona@padaria.com.br', now, passwords });

    expect(result).toEqual({ created: false });
    expect((await findUserByEmail(store, 'dona@padaria.com.br'))?.user.role).toBe('user');
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toMatch(/belongs to a customer account/);
  });

  it('given a fresh store, when the shop starts, then the admin is created under the id derived from its e-mail, as before', async () => {
    const store = storesWithWarnings();

    const result = await ensureAdmin(store, { email, now, passwords });

    expect(result).toMatchObject({ created: true, email, generated: true });
    expect((await findUserByEmail(store, email))?.user).toMatchObject({
      userId: adminUserId(email),
      role: 'admin',
    });
    expect(store.warnings).toEqual([]);
  });
});
