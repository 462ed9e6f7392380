import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import {
  checkoutBodySchema,
  paymentApprovedPushSchema,
  paymentResultSchema,
  type CheckoutBodyInput,
} from '@quitute/contracts';
import { bookableDeliveryDate } from '@quitute/contracts/testing';
import type { EmbeddedServer } from '@quitute/embedded';
import type { EventStore } from '@quitute/infra/event-store';
import { runLoadGenerator, type LoadFigures } from './load';
import { openBenchShop, type BenchShop, type Customer } from './shop';
import { openSmtpSink, type SmtpSink } from './smtp-sink';
import { createSmtpMailer } from '@quitute/infra/mail';
import { percentile } from './stats';

/** 20 coxinhas by Pix, picked up three days ahead in the shop's zone: R$ 12,00. */
function pixCheckoutBody(now: Date): Omit<CheckoutBodyInput, 'userId' | 'email'> {
  return {
    docNumber: '529.982.247-25',
    firstName: 'Cliente',
    lastName: 'de Teste',
    total: 12,
    items: [{ id: 'coxinha-de-frango', title: 'Coxinha de Frango', unit_price: 0.6, quantity: 20 }],
    paymentMethod: 'pix',
    paymentMethodId: 'pix',
    deliveryType: 'pickup',
    deliveryDate: bookableDeliveryDate(now, 1),
  };
}

async function countEvents(store: EventStore, type: string, afterPosition: number) {
  let count = 0;
  for (let position = afterPosition; ;) {
    const page = await store.readAll({ fromPosition: position, maxCount: 5_000 });
    const last = page.at(-1);
    if (!last) return count;
    count += page.filter((event) => event.type === type).length;
    position = last.position;
  }
}

/**
 * Pix checkouts on the embedded shop with the payment simulator: every request
 * places a new order (a random customer of `customers`, a fresh Idempotency-Key),
 * `connections` at once with keep-alive, from a load generator in its own
 * process. Throws unless every request was answered 2xx and the event store holds
 * exactly one OrderPlaced per answer. `eventStoreUrl` names a PostgreSQL
 * database; without it the shop uses PGlite in a data directory.
 */
export async function measurePixCheckouts(options: {
  eventStoreUrl?: string;
  customers: number;
  connections: number;
  seconds: number;
}): Promise<LoadFigures & { orders: number }> {
  const shop = await openBenchShop(options);
  try {
    const body = pixCheckoutBody(new Date());
    const [first] = shop.customers;
    if (first) {
      checkoutBodySchema(new Date()).parse({ ...body, userId: first.userId, email: first.email });
    }
    const before = await shop.server.eventStore.headPosition();
    const figures = await runLoadGenerator({
      url: shop.url,
      connections: options.connections,
      // As many as the cart's: the first Pix also starts the QR image thread.
      warmUpRequests: 1_000,
      seconds: options.seconds,
      customers: shop.customers,
      request: { kind: 'checkout', body },
    });
    const orders = await countEvents(shop.server.eventStore, 'OrderPlaced', before);
    if (figures.errors > 0 || figures.non2xx > 0 || orders !== figures.completed) {
      throw new Error(
        `Pix checkouts: ${figures.completed} answered (${figures.non2xx} not 2xx, ${figures.errors} errors), ${orders} orders placed`,
      );
    }
    return { ...figures, orders };
  } finally {
    await shop.close();
  }
}

/** A customer's socket, and when the push for an order reached it. */
interface Listener {
  customer: Customer;
  arrivalOf(orderId: string): Promise<number>;
}

/** Milliseconds for the shop's SMTP adapter alone to hand one small mail to the sink (p50 of 20). */
async function smtpAlone(sink: SmtpSink): Promise<number> {
  const mailer = createSmtpMailer({ url: sink.url });
  const mail = { to: 'floor@example.com', subject: 'Piso', text: 'Piso' };
  await mailer.send(mail);
  const samples: number[] = [];
  for (let sent = 0; sent < 20; sent += 1) {
    const startedAt = performance.now();
    await mailer.send(mail);
    samples.push(performance.now() - startedAt);
  }
  return percentile(
    samples.sort((a, b) => a - b),
    50,
  );
}

/** When the next mails to each address reached the SMTP sink, in the order they were asked for. */
function mailArrivals(sink: SmtpSink) {
  const waiting = new Map<string, ((at: number) => void)[]>();
  sink.onMail((recipients, at) => {
    for (const recipient of recipients) waiting.get(recipient)?.shift()?.(at);
  });
  return (address: string): Promise<number> =>
    new Promise((resolve) => {
      const queue = waiting.get(address) ?? [];
      queue.push(resolve);
      waiting.set(address, queue);
    });
}

async function listen(url: string, customer: Customer, sockets: Socket[]): Promise<Listener> {
  const socket = io(url, {
    auth: { token: customer.token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const waiting = new Map<string, (at: number) => void>();
  socket.on('paymentApproved', (payload: unknown) => {
    const at = performance.now();
    const { orderId } = paymentApprovedPushSchema.parse(payload);
    waiting.get(orderId)?.(at);
    waiting.delete(orderId);
  });
  return {
    customer,
    arrivalOf: (orderId) => new Promise((resolve) => waiting.set(orderId, resolve)),
  };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  const timeout = new AbortController();
  try {
    return await Promise.race([
      promise,
      sleep(ms, undefined, { signal: timeout.signal }).then(() => {
        throw new Error(`${what}: nothing within ${ms} ms`);
      }),
    ]);
  } finally {
    timeout.abort();
  }
}

/** Runs `work` on every item, `width` at a time, in the items' order. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** Once nothing has been appended for a while and the read models hold it all. */
async function quiet(server: EmbeddedServer): Promise<void> {
  for (let seen = -1; ;) {
    const head = await server.eventStore.headPosition();
    await server.runner.waitForPosition(head, 60_000);
    if (head === seen) return;
    seen = head;
    await sleep(300);
  }
}

interface PlacedOrder {
  listener: Listener;
  orderId: string;
  paymentId: string;
}

/** `perCustomer` Pix orders for each listener, the list going round the customers. */
async function placePixOrders(
  shop: BenchShop,
  listeners: readonly Listener[],
  perCustomer: number,
): Promise<PlacedOrder[]> {
  const rounds = Array.from({ length: perCustomer }, () => listeners).flat();
  const placed = new Map<number, PlacedOrder>();
  await inParallel([...rounds.entries()], 10, async ([index, listener]) => {
    const { customer } = listener;
    const response = await fetch(`${shop.url}/payments/mercadopago/transparent-checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${customer.token}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        ...pixCheckoutBody(new Date()),
        userId: customer.userId,
        email: customer.email,
      }),
    });
    if (!response.ok) throw new Error(`checkout answered ${response.status}`);
    const result = paymentResultSchema.parse(await response.json());
    if (result.paymentId === null) throw new Error('checkout answered no payment id');
    placed.set(index, { listener, orderId: result.orderId, paymentId: result.paymentId });
  });
  await quiet(shop.server);
  return rounds.map((_, index) => {
    const order = placed.get(index);
    if (!order) throw new Error(`order ${index} not placed`);
    return order;
  });
}

/**
 * Milliseconds from just before each approval to its push on the owner's
 * socket, and to the owner's next e-mail ('Pagamento aprovado') at the SMTP sink.
 */
async function approveAll(
  shop: BenchShop,
  orders: readonly PlacedOrder[],
  width: number,
  nextMailTo: (address: string) => Promise<number>,
): Promise<{ pushes: number[]; mails: number[] }> {
  const samples: number[] = [];
  const mails: number[] = [];
  await inParallel(orders, width, async ({ listener, orderId, paymentId }) => {
    const arrived = listener.arrivalOf(orderId);
    const mailed = nextMailTo(listener.customer.email);
    const startedAt = performance.now();
    const response = await fetch(`${shop.url}/simulator/payments/${paymentId}/approve`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`approval answered ${response.status}`);
    samples.push((await within(arrived, 10_000, `paymentApproved for ${orderId}`)) - startedAt);
    mails.push((await within(mailed, 10_000, `the e-mail for ${orderId}`)) - startedAt);
  });
  await quiet(shop.server);
  return { pushes: samples, mails };
}

/**
 * Payment approved → `paymentApproved` on the customer's socket, on the embedded
 * shop (PGlite): `customers` customers, each with a socket.io connection, place
 * `ordersPerCustomer` Pix orders; the simulator then approves them one at a
 * time and, afresh, `width` at a time for each width. A sample runs from just
 * before POST /simulator/payments/{id}/approve to the push for that order on
 * that customer's socket (webhook, status event, relay, bus, socket). The
 * sockets live in the shop's process. `warmUp` approvals before are not counted.
 */
export async function measureApprovalPush(options: {
  customers: number;
  ordersPerCustomer: number;
  rounds: number;
  widths: readonly number[];
  warmUp: number;
}): Promise<
  {
    width: number;
    samples: number;
    p50: number;
    p99: number;
    max: number;
    mail: { p50: number; p99: number; max: number };
    /** One e-mail sent straight to the same SMTP server by the same adapter, p50: the e-mail's floor. */
    smtpAloneP50: number;
  }[]
> {
  // Issue 41: the shop tells each customer by e-mail too, over SMTP to a sink on loopback.
  const sink = await openSmtpSink();
  const nextMailTo = mailArrivals(sink);
  const shop = await openBenchShop({ customers: options.customers, mailUrl: sink.url });
  const sockets: Socket[] = [];
  try {
    const listeners = await Promise.all(
      shop.customers.map((customer) => listen(shop.url, customer, sockets)),
    );
    await approveAll(
      shop,
      await placePixOrders(shop, listeners.slice(0, options.warmUp), 1),
      1,
      nextMailTo,
    );
    const smtpAloneP50 = await smtpAlone(sink);
    const rows = [];
    for (const width of options.widths) {
      // Round by round: an account holds at most 3 unpaid orders (issue 38), and an approved
      // one stops counting.
      const pushes: number[] = [];
      const mails: number[] = [];
      for (let round = 0; round < options.rounds; round += 1) {
        const orders = await placePixOrders(shop, listeners, options.ordersPerCustomer);
        const measured = await approveAll(shop, orders, width, nextMailTo);
        pushes.push(...measured.pushes);
        mails.push(...measured.mails);
      }
      const sorted = pushes.sort((a, b) => a - b);
      const sortedMails = mails.sort((a, b) => a - b);
      rows.push({
        width,
        samples: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        mail: {
          p50: percentile(sortedMails, 50),
          p99: percentile(sortedMails, 99),
          max: sortedMails.at(-1) ?? Number.NaN,
        },
        smtpAloneP50,
      });
    }
    return rows;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await shop.close();
    await sink.close();
  }
}
