import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, expect, it } from 'vitest';
import {
  adminNotificationListSchema,
  INTERRUPTED_ATTEMPT_ERROR,
  NOTIFICATION_STREAM_PREFIX,
  paymentResultSchema,
} from '@quitute/contracts';
import { readWholeLog } from './event-log';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  checkout,
  freePort,
  login,
  newCustomer,
  sleep,
  startShop,
  type ShopProcess,
} from './shop-process';

/**
 * Issue 41: the notifier killed between the send and its record. The shop runs
 * with MAIL_URL on a real SMTP server on loopback; a customer's order calls for
 * 'Pedido recebido', and the moment the server has the whole message the shop
 * is killed with SIGKILL, the server still holding its answer to DATA, so the
 * shop cannot have recorded the outcome. Started again on the same data
 * directory, it must not send that message again (it may well have arrived)
 * and lists it as failed, interrupted, for the admin to decide.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-fault-notifier-'));
const shops: ShopProcess[] = [];

interface Received {
  to: string[];
  parsed: ParsedMail;
}
const received: Received[] = [];
/** What the server does once it has a message: answer it, or hold the answer (and tell the test). */
let onOrderReceived: (() => void) | null = null;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (parsed) => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
        const hold = onOrderReceived;
        if (hold && parsed.subject?.startsWith('Pedido recebido')) {
          // No answer to DATA: the sender cannot know it was taken, so it records nothing.
          onOrderReceived = null;
          hold();
          return;
        }
        callback();
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  },
});
// A connection cut by the killed shop is no error of the test's.
smtp.on('error', () => {});

afterAll(async () => {
  for (const shop of shops) await shop.kill();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const orderReceived = (orderNumber: number) =>
  received.filter(({ parsed }) => parsed.subject === `Pedido recebido — #${orderNumber} — Quitute`);

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

it('given a shop killed with SIGKILL the moment the SMTP server has its order e-mail, when it starts again on the same data, then that e-mail is not sent again and the admin sees it failed, interrupted', async () => {
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const port = await freePort();
  const env = { MAIL_URL: `smtp://127.0.0.1:${smtpPort}` };
  const first = await startShop({ port, dataDir, env });
  shops.push(first);

  // Her address confirmed through the link mailed to it, as she would.
  const customer = await newCustomer(first.url, '127.0.0.2');
  const confirmation = await until('the confirmation e-mail', () =>
    received.find(
      ({ to, parsed }) => to.includes(customer.email) && parsed.subject?.startsWith('Confirme'),
    ),
  );
  const link = /\/confirmar-email\?token=([^\s"<>]+)/.exec(confirmation.parsed.text ?? '');
  expect(link).not.toBeNull();
  const confirmed = await call(first.url, 'POST', '/api/users/confirm-email', {
    body: { token: decodeURIComponent(link?.[1] ?? '') },
  });
  expect(confirmed.status).toBe(200);

  const held = new Promise<void>((resolve) => (onOrderReceived = resolve));
  const answer = await checkout(first.url, customer, crypto.randomUUID());
  expect(answer.status).toBe(200);
  const { orderId } = paymentResultSchema.parse(answer.body);
  await held;
  await first.kill();
  const [mail] = received.filter(({ parsed }) => parsed.subject?.startsWith('Pedido recebido'));
  const orderNumber = Number(/#(\d+)/.exec(mail?.parsed.subject ?? '')?.[1]);
  expect(mail?.to).toEqual([customer.email]);
  expect(orderReceived(orderNumber)).toHaveLength(1);

  const second = await startShop({ port, dataDir, env });
  shops.push(second);
  const admin = await login(second.url, ADMIN_EMAIL, ADMIN_PASSWORD, '127.0.0.3');
  const failed = await until('the interrupted notification', async () => {
    const listed = await call(second.url, 'GET', '/api/admin/notifications?status=failed', {
      token: admin.token,
    });
    expect(listed.status).toBe(200);
    return adminNotificationListSchema
      .parse(listed.body)
      .notifications.find((notification) => notification.orderId === orderId);
  });
  expect(failed).toMatchObject({
    kind: 'order_received',
    channel: 'email',
    status: 'failed',
    interrupted: true,
    lastError: INTERRUPTED_ATTEMPT_ERROR,
    attempts: 1,
    orderNumber,
    customer: { email: customer.email },
  });

  // Its sweeps and catch-ups have had their time: still the one message.
  await sleep(3_000);
  expect(orderReceived(orderNumber)).toHaveLength(1);
  await second.stop();

  // The log says the same: requested once, its one attempt interrupted, nothing sent.
  const log = await readWholeLog({ dataDir });
  const notification = log.filter(
    (event) => event.streamName === `${NOTIFICATION_STREAM_PREFIX}${failed.id}`,
  );
  expect(notification.map((event) => event.type)).toEqual([
    'NotificationRequested',
    'NotificationAttemptFailed',
  ]);
  expect(notification[1]?.data).toMatchObject({ attempt: 1, interrupted: true, retryAt: null });
  expect(notification[1]?.metadata).toMatchObject({ actorId: 'system', correlationId: orderId });
});
