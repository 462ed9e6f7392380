import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderStreamName, SHOP_SETTINGS_STREAM } from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { createMemoryLease, type Lease } from '@quitute/infra/lease';
import { silentLogger } from '@quitute/infra/logging';
import { createMetrics } from '@quitute/infra/metrics';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { appendEvent, cheapPasswords, testOrder } from '@quitute/infra/testing';
import { composeCommandApi, type CommandApi } from './compose';

const opened: { commandApi: CommandApi; dataDir: string }[] = [];
afterEach(async () => {
  for (const { commandApi, dataDir } of opened.splice(0)) {
    await commandApi.stop();
    await commandApi.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

/** One command-api replica over the shared store and lease, started as its main starts it. */
async function replica(eventStore: EventStore, lease: Lease): Promise<CommandApi> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quitute-command-api-'));
  const commandApi = await composeCommandApi({
    eventStore,
    snapshotStore: createMemorySnapshotStore(),
    logger: silentLogger,
    metrics: createMetrics({ access: 'closed' }),
    tokens: createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789' }),
    passwords: cheapPasswords,
    dataDir,
    publicUrl: () => 'http://loja.test',
    webhookUrl: () => 'http://loja.test/payments/webhook',
    admin: { password: 'Segredo123' },
    captcha: { hmacKey: 'a-captcha-key-that-is-long-enough-0123456789' },
    payments: {},
    generatedWebhookSecret: 'a-webhook-secret-for-tests',
    lease,
  });
  opened.push({ commandApi, dataDir });
  await commandApi.start();
  return commandApi;
}

/** An order placed and its payment approved, as the checkout and the webhook append them. */
async function approvedOrder(eventStore: EventStore) {
  const order = testOrder();
  for (const event of [order.placed(), order.requested(), order.approved()]) {
    await appendEvent(eventStore, event);
  }
  return order;
}

const paid = async (eventStore: EventStore, orderId: string) =>
  (await eventStore.readStream(orderStreamName(orderId))).filter(
    (event) => event.type === 'OrderPaid',
  );

describe('composeCommandApi scaled out', () => {
  it('given two replicas sharing one lease, when a payment is approved, then its order is paid once; when the holder stops, the other replica pays the next', async () => {
    const eventStore = createMemoryEventStore();
    const lease = createMemoryLease();
    const first = await replica(eventStore, lease);
    await replica(eventStore, lease);

    const before = await approvedOrder(eventStore);
    await vi.waitFor(async () => expect(await paid(eventStore, before.orderId)).toHaveLength(1), {
      timeout: 10_000,
    });
    await first.stop();
    const after = await approvedOrder(eventStore);

    await vi.waitFor(async () => expect(await paid(eventStore, after.orderId)).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(await paid(eventStore, before.orderId)).toHaveLength(1);
  });
});

describe('composeCommandApi: the notifier (issue 41)', () => {
  it('given two replicas sharing one lease, when an order’s payment is approved, then the shop’s e-mail is sent once, rendered, by the replica holding the lease', async () => {
    const eventStore = createMemoryEventStore();
    const lease = createMemoryLease();
    const replicas = [await replica(eventStore, lease), await replica(eventStore, lease)];
    await approvedOrder(eventStore);
    const shopMails = async () =>
      (
        await Promise.all(
          replicas.map((commandApi) =>
            commandApi.mailer.transport === 'outbox' ? commandApi.mailer.list() : [],
          ),
        )
      )
        .flat()
        .filter((mail) => mail.subject === 'Novo pedido pago — #1001');
    await vi.waitFor(async () => expect(await shopMails()).toHaveLength(1), { timeout: 10_000 });
    const [mail] = await shopMails();
    expect(mail).toMatchObject({ to: 'contato@quitute.com.br', replyTo: 'contato@quitute.com.br' });
    expect(mail?.html).toContain('#1001');
    expect(replicas.map((commandApi) => commandApi.sms.transport)).toEqual(['outbox', 'outbox']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await shopMails()).toHaveLength(1);
  });
});

describe('composeCommandApi on its first start', () => {
  it('given two replicas starting, then the shop settings are seeded once, without hours (the kitchen’s calendar tells them)', async () => {
    const eventStore = createMemoryEventStore();
    const lease = createMemoryLease();

    await replica(eventStore, lease);
    await replica(eventStore, lease);

    const events = await eventStore.readStream(SHOP_SETTINGS_STREAM);
    expect(events.map((event) => event.type)).toEqual(['ShopSettingsSeeded']);
    expect(events[0]?.data).toMatchObject({ settings: { name: 'Quitute' } });
    expect(events[0]?.data).not.toHaveProperty('settings.openingHoursText');
  });
});
