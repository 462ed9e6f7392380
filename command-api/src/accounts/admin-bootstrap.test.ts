import { describe, expect, it } from 'vitest';
import { cheapPasswords } from '@quitute/infra/testing';
import { createMemoryCommandStores } from '../shared/testing';
import { ensureAdmin } from './admin-bootstrap';

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
