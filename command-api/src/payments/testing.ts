import { randomUUID } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { DEFAULT_SHOP_SETTINGS, STATIC_MENU, type DeliveryZone } from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import {
  createMemoryEventStore,
  type EventStore,
  type RecordedEvent,
} from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import type { Mail } from '@quitute/infra/mail';
import {
  createPaymentSimulator,
  type PaymentGateway,
  type PaymentSimulator,
} from '@quitute/infra/payment-gateway';
import { createMemorySnapshotStore, type SnapshotStore } from '@quitute/infra/snapshot-store';
import { cheapPasswords, listenOnFreePort } from '@quitute/infra/testing';
import { registerUser } from '../accounts/accounts';
import { createCommandApp } from '../app';
import { createCatalogView } from '../catalog/catalog-view';
import { menuProductId, seedMenu } from '../catalog/seed';
import { withMemorySnapshots } from '../shared/testing';
import { changeShopSettings } from '../shop/shop-settings';
import type { PaymentRateLimits } from './rate-limits';

/**
 * A shop for payment tests: command-api over real HTTP on the seeded menu,
 * with the payment simulator (memory only) posting its signed notifications
 * to the shop's own /payments/webhook.
 */

export const now = () => new Date('2026-11-21T12:00:00.000Z');
export const webhookSecret = 'a-webhook-secret-for-tests';
const secret = 'a-test-secret-that-is-long-enough-0123456789';

const closing: (() => Promise<void>)[] = [];
/** For afterEach: closes every shop opened since. */
export async function closeShops(): Promise<void> {
  for (const close of closing.splice(0).reverse()) await close();
}

export const menuItem = (name: string) => {
  const item = STATIC_MENU.find((candidate) => candidate.name === name);
  if (!item) throw new Error(`no menu item ${name}`);
  return { ...item, productId: menuProductId(item.slug) };
};
export const coxinha = menuItem('Coxinha de Frango');
export const paoDeQueijo = menuItem('Pão de Queijo');
export const kit = menuItem('Kit Festa 1');

/** A checkout line as the web app sends it (its price is never trusted). */
export const line = (
  item: typeof coxinha,
  quantity: number,
  unitPrice = item.priceCents / 100,
) => ({
  id: item.slug,
  title: item.name,
  unit_price: unitPrice,
  quantity,
  category: item.category,
});

/** A valid Pix pickup of 20 coxinhas (R$ 12,00) for `userId`. */
export const pixBody = (userId: string, overrides: Record<string, unknown> = {}) => ({
  userId,
  email: 'Maria@Example.com',
  docNumber: '529.982.247-25',
  firstName: 'Maria',
  lastName: 'da Silva',
  total: 12,
  items: [line(coxinha, 20)],
  paymentMethod: 'pix',
  paymentMethodId: 'pix',
  deliveryType: 'pickup',
  deliveryDate: '2026-11-25T10:00',
  ...overrides,
});

export const address = {
  zipCode: '01001-000',
  streetName: 'Praça da Sé',
  streetNumber: '100',
  neighborhood: 'Sé',
  city: 'São Paulo',
  federalUnit: 'SP',
};

/** The zone of issue 37's walk: CEPs 01000-000 to 05999-999, a fee of R$ 15,00, a minimum order of R$ 100,00. */
export const centro: DeliveryZone = {
  name: 'Centro',
  zipCodeFrom: '01000000',
  zipCodeTo: '05999999',
  feeCents: 1500,
  minimumOrderCents: 10_000,
};

/** An address in Centro (Avenida Paulista, CEP 01310-100), with a complement. */
export const paulista = {
  zipCode: '01310-100',
  streetName: 'Avenida Paulista',
  streetNumber: '1000',
  complement: 'apto 52',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  federalUnit: 'SP',
};

/** A Pix delivery of 100 pães de queijo (R$ 100,00, Centro's minimum) to Paulista: R$ 115,00 with Centro's fee. */
export const deliveryBody = (userId: string, overrides: Record<string, unknown> = {}) =>
  pixBody(userId, {
    items: [line(paoDeQueijo, 100)],
    total: 115,
    deliveryType: 'delivery',
    address: paulista,
    phone: '(11) 98888-7777',
    ...overrides,
  });

/** The shop's settings with these delivery zones, saved as an admin saves them (PUT /api/admin/shop). */
export async function saveDeliveryZones(
  eventStore: EventStore,
  deliveryZones: DeliveryZone[],
): Promise<void> {
  await changeShopSettings(
    eventStore,
    { ...DEFAULT_SHOP_SETTINGS, deliveryZones },
    {
      commandId: randomUUID(),
      correlationId: 'test',
      actorId: 'admin-test',
      actorRole: 'admin',
      occurredAt: now().toISOString(),
    },
  );
}

export interface ShopOptions {
  eventStore?: EventStore;
  snapshotStore?: SnapshotStore;
  /** Wraps the simulator (a provider that fails, counts, …). */
  gateway?: (simulator: PaymentSimulator) => PaymentGateway;
  rateLimits?: PaymentRateLimits;
  /** Whether the simulator notifies the shop (true by default). */
  notifications?: boolean;
}

export async function openShop(options: ShopOptions = {}) {
  const eventStore = options.eventStore ?? createMemoryEventStore();
  const snapshotStore = options.snapshotStore ?? createMemorySnapshotStore();
  await seedMenu(eventStore, now);
  const catalog = createCatalogView({ eventStore, logger: silentLogger });
  await catalog.start();
  closing.push(() => catalog.stop());

  // The webhook URL is known once listening; the app is made right after.
  const served: { app?: RequestListener } = {};
  const server = await listenOnFreePort((req, res) => served.app?.(req, res));
  closing.push(() => server.close());
  const simulator = createPaymentSimulator({
    webhookSecret,
    now,
    webhookRetryDelaysMs: [],
  });
  closing.push(async () => {
    await simulator.settled();
    simulator.close();
  });
  const gateway = options.gateway?.(simulator) ?? simulator;
  const mails: Mail[] = [];
  const mailer = {
    send: async (mail: Mail) => {
      mails.push(mail);
    },
  };
  const tokens = createTokenService({ secret });
  served.app = createCommandApp({
    eventStore,
    snapshotStore,
    catalog,
    now,
    tokens,
    captcha: { verify: async () => true },
    mailer,
    publicUrl: 'http://loja.test',
    logger: silentLogger,
    passwords: cheapPasswords,
    ordering: {
      gateway,
      pixExpiryMinutes: 30,
      notificationUrl:
        options.notifications === false ? undefined : `${server.url}/payments/webhook`,
      ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    },
  });

  const call = async (
    method: string,
    route: string,
    request: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json();
    return { status: response.status, headers: response.headers, body };
  };

  const customer = async (name = 'Maria') => {
    const email = `${randomUUID()}@example.com`;
    const { userId } = await registerUser(
      withMemorySnapshots(eventStore),
      cheapPasswords,
      { email, name, password: 'Segredo123', role: 'user' },
      { commandId: randomUUID(), correlationId: 'test', occurredAt: now().toISOString() },
    );
    const token = tokens.sign({
      userId,
      email: 'x@example.com',
      name,
      role: 'user',
      sessionVersion: 0,
    });
    return {
      userId,
      /** The account's e-mail: the order's and the payer's, whatever the checkout body says. */
      email,
      token,
      checkout: (body: unknown, idempotencyKey?: string) =>
        call('POST', '/payments/mercadopago/transparent-checkout', {
          token,
          body,
          ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
        }),
      cancel: (paymentId: unknown) =>
        call('POST', '/payments/cancel-payment', { token, body: { paymentId } }),
    };
  };

  /** An administrator's account and token (the admin area's commands). */
  const admin = async (name = 'Gerente') => {
    const email = `${randomUUID()}@quitute.test`;
    const { userId } = await registerUser(
      withMemorySnapshots(eventStore),
      cheapPasswords,
      { email, name, password: 'Segredo123', role: 'admin' },
      { commandId: randomUUID(), correlationId: 'test', occurredAt: now().toISOString() },
    );
    const token = tokens.sign({ userId, email, name, role: 'admin', sessionVersion: 0 });
    return { userId, email, token };
  };

  /** Every event stored after the menu and the accounts: what the payment flows appended. */
  const appended = async (prefixes = ['order-', 'payment-', 'sequence-', 'sale-', 'cart-']) =>
    (await eventStore.readAll()).filter((event) =>
      prefixes.some((prefix) => event.streamName.startsWith(prefix)),
    );
  const ofType = async (type: string): Promise<RecordedEvent[]> =>
    (await eventStore.readAll()).filter((event) => event.type === type);

  return {
    eventStore,
    snapshotStore,
    simulator,
    gateway,
    mails,
    url: server.url,
    call,
    customer,
    admin,
    appended,
    ofType,
  };
}

export type Shop = Awaited<ReturnType<typeof openShop>>;

/** A card token of the simulator; the cardholder name picks the outcome (APRO, OTHE, …). */
export async function cardToken(simulator: PaymentSimulator, cardholderName: string) {
  return simulator.createCardToken({
    cardNumber: '5031 4332 1540 6351',
    cardholderName,
    expirationMonth: '11',
    expirationYear: '30',
    securityCode: '123',
    docNumber: '12345678909',
  });
}
