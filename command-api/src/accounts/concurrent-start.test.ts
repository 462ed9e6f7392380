import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { STATIC_MENU } from '@quitute/contracts';
import {
  createMemoryEventStore,
  createPostgresEventStore,
  type EventStore,
} from '@quitute/infra/event-store';
import { cheapPasswords, describeWithPostgres, throwawaySchema } from '@quitute/infra/testing';
import { seedMenu } from '../catalog/seed';
import { withMemorySnapshots } from '../shared/testing';
import { initialShopSettings, seedShopSettings } from '../shop/shop-settings';
import { authenticateUser, findUserByEmail } from './accounts';
import { ensureAdmin } from './admin-bootstrap';

/**
 * Two command-api replicas starting together on an empty store (issue 9):
 * each seeds the menu and the shop's settings (issue 37) and ensures the
 * admin, as compose.ts does.
 */

const email = 'admin@quitute.com.br';
let clock = Date.parse('2026-11-22T09:00:00.000Z');
const now = () => new Date((clock += 1));
const passwords = cheapPasswords;

async function startReplica(store: EventStore) {
  const seeded = await seedMenu(store, now);
  const settingsSeeded = await seedShopSettings(store, initialShopSettings(), now);
  const admin = await ensureAdmin(withMemorySnapshots(store), { email, now, passwords });
  return { seeded, settingsSeeded, admin };
}

async function thenOneAdminAndOneMenu(
  stores: [EventStore, EventStore],
  replicas: Awaited<ReturnType<typeof startReplica>>[],
) {
  const [store] = stores;
  const reported = replicas.flatMap(({ admin }) => (admin.created ? [admin.password] : []));
  expect(reported).toHaveLength(1);
  const events = await store.readAll();
  expect(events.filter((event) => event.type === 'UserRegistered')).toHaveLength(1);
  expect(events.filter((event) => event.type === 'EmailReserved')).toHaveLength(1);
  expect(events.filter((event) => event.type === 'ProductAdded')).toHaveLength(STATIC_MENU.length);
  expect(events.filter((event) => event.type === 'ShopSettingsSeeded')).toHaveLength(1);
  expect(replicas.filter(({ settingsSeeded }) => settingsSeeded)).toHaveLength(1);
  const admin = await findUserByEmail(withMemorySnapshots(store), email);
  expect(admin?.user.role).toBe('admin');
  for (const replicaStore of stores) {
    const { user } = await authenticateUser(
      withMemorySnapshots(replicaStore),
      passwords,
      email,
      reported[0] ?? '',
      {
        commandId: randomUUID(),
        correlationId: 'test',
        occurredAt: now().toISOString(),
      },
    );
    expect(user.userId).toBe(admin?.user.userId);
  }
}

describe('two replicas starting together', () => {
  it('given one empty memory store, when both start at once, then one admin, one menu, one seed of the settings, one printed password that logs in', async () => {
    const store = createMemoryEventStore();
    const replicas = await Promise.all([startReplica(store), startReplica(store)]);
    await thenOneAdminAndOneMenu([store, store], replicas);
  });
});

await describeWithPostgres('two replicas starting together on PostgreSQL', (url) => {
  const { schema, drop } = throwawaySchema(url);
  const opened: EventStore[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await drop();
  });

  it('given one empty PostgreSQL schema, when two replicas (two connections) start at once, then one admin, one menu, one seed of the settings, one printed password that logs in', async () => {
    const stores = await Promise.all([
      createPostgresEventStore({ url, schema }),
      createPostgresEventStore({ url, schema }),
    ]);
    opened.push(...stores);
    const replicas = await Promise.all(stores.map(startReplica));
    await thenOneAdminAndOneMenu(stores, replicas);
  });
});
