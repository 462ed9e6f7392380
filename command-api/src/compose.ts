import path from 'node:path';
import type { Express, Router } from 'express';
import { DEFAULT_PIX_EXPIRY_MINUTES, normalizeEmail } from '@quitute/contracts';
import { createPasswordHasher, type PasswordHasher, type TokenService } from '@quitute/infra/auth';
import { createCaptcha, createReplayGuard, type Captcha } from '@quitute/infra/captcha';
import type { PaymentsConfig, SmsConfig } from '@quitute/infra/config';
import type { EventStore, FoldsPassedPages } from '@quitute/infra/event-store';
import { LeaseHolder, type Lease } from '@quitute/infra/lease';
import type { Logger } from '@quitute/infra/logging';
import { createMailer, type OutboxMailer, type SmtpMailer } from '@quitute/infra/mail';
import type { Metrics } from '@quitute/infra/metrics';
import {
  createConfiguredGateway,
  paymentSimulatorRouter,
  type PaymentGateway,
  type PaymentSimulator,
} from '@quitute/infra/payment-gateway';
import {
  combineHealth,
  type HealthReport,
  type OwnWrites,
} from '@quitute/infra/projection-progress';
import { createRateLimitStores } from '@quitute/infra/rate-limit';
import type { SavableView } from '@quitute/infra/saved-state';
import { createSmsSender, type OutboxSmsSender, type TwilioSmsSender } from '@quitute/infra/sms';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from './accounts/admin-bootstrap';
import type { AccountRateLimits, RateLimitStoreFactory } from './accounts/rate-limits';
import { createSessionView, type SessionView } from './accounts/session-view';
import { commandRoutes, commandServiceApp, type CommandDeps, type ServiceHttpOptions } from './app';
import { createCatalogView } from './catalog/catalog-view';
import { seedMenu } from './catalog/seed';
import { createEmailLinks } from './notifications/links';
import { createNotifier } from './notifications/notifier';
import { createPaymentProcessCommands } from './process-managers/payment-process-commands';
import type { PaymentRateLimits } from './payments/rate-limits';
import { createPaymentProcessManager } from './process-managers/payment-process-manager';
import { createStockReleaseManager } from './process-managers/stock-release';
import { createScheduleReader } from './schedule/schedule-reader';
import { createShopSettingsReader } from './shop/settings-reader';
import { initialShopSettings, seedShopSettings } from './shop/shop-settings';

export interface CommandApiDeps {
  /** The caller's, counted by its metrics; closed by the caller. */
  eventStore: EventStore;
  snapshotStore: SnapshotStore;
  logger: Logger;
  metrics: Metrics;
  tokens: TokenService;
  now?: () => Date;
  /** Password hashing; today's KDF setting by default (tests use a cheap one). */
  passwords?: PasswordHasher;
  /** DATA_DIR: the mail outbox and the payment simulator's payments. */
  dataDir: string;
  /** The shop's origin for links in e-mails; read at each use (port 0 is known once listening). */
  publicUrl: () => string;
  /** Where the provider posts its notifications; read at each checkout. */
  webhookUrl: () => string;
  /** The admin account made on the first start: ADMIN_EMAIL (DEFAULT_ADMIN_EMAIL), ADMIN_PASSWORD (generated). */
  admin: { email?: string; password?: string };
  /** CAPTCHA_HMAC_KEY, or reCAPTCHA's pair. */
  captcha: { hmacKey: string; recaptchaSecret?: string; recaptchaSiteKey?: string };
  /** SMTP; the outbox folder under dataDir without it. */
  mailUrl?: string;
  /** Issue 41: Twilio when configured (TWILIO_*); the SMS outbox folder under dataDir without it. */
  sms?: SmsConfig;
  /** Rate limits and spent captchas shared by every replica; in memory without it. */
  redisUrl?: string;
  payments: PaymentsConfig;
  /** The simulator's webhook key when the configuration names none (generated in DATA_DIR). */
  generatedWebhookSecret?: string;
  /**
   * Scaled out: the process managers run only while this instance holds it.
   * Without it they run here, always, and are among the views (the embedded shop saves them).
   */
  lease?: Lease;
  /** Embedded: each user's last write, for query-api in the same process. */
  ownWrites?: OwnWrites;
  /** Login and reset limits (tests use small ones). */
  rateLimits?: AccountRateLimits;
  /** Checkout and cancel limits (benchmarks lift them). */
  paymentRateLimits?: PaymentRateLimits;
  /** Review and report limits per user (the fuzz suite lifts them). */
  reviewRateLimits?: CommandDeps['reviewRateLimits'];
  /** Cookie-consent limit per IP (the fuzz suite lifts it). */
  consentRateLimit?: CommandDeps['consentRateLimit'];
  /** Custom-order limit per IP (the fuzz suite lifts it). */
  customOrderRateLimit?: CommandDeps['customOrderRateLimit'];
}

export interface CommandApi {
  /** Every command route, JSON bodies parsed: what a proxy sends command-api. */
  router: Router;
  /**
   * The simulator's pages and card tokenizer while it is the provider; they parse their
   * own bodies, and its pages are GETs: mount them ahead of any method split.
   */
  simulatorRoutes: Router | null;
  /** command-api on its own: the routes in an app with /health, security headers and request logs. */
  app(http: ServiceHttpOptions): Express;
  /** The process managers' health (/health): see `health` in composeCommandApi. */
  health(): HealthReport;
  /** The admin account made on this start, if it was the first: its password is shown once. */
  admin: Awaited<ReturnType<typeof ensureAdmin>>;
  mailer: OutboxMailer | SmtpMailer;
  /** Issue 41: the SMS port (the dev mailbox lists the outbox's beside the e-mails). */
  sms: OutboxSmsSender | TwilioSmsSender;
  gateway: PaymentGateway;
  simulator: PaymentSimulator | null;
  /** Issues challenges too: the query side hands them out. */
  captcha: Captcha;
  rateLimitStore: RateLimitStoreFactory;
  sessions: SessionView;
  /** What folds the log in memory, in the order the embedded shop saves it (without a lease, the payment process last). */
  views: readonly (SavableView & FoldsPassedPages)[];
  /** The views caught up with the log and the process managers under way (with a lease, contending for it). */
  start(): Promise<void>;
  /** What acts on its own: the process managers (their commands in flight done), the simulator's deliveries and timers. */
  stop(): Promise<void>;
  /** Once no request comes any more: the views, the rate-limit and captcha stores. */
  close(): Promise<void>;
}

/**
 * command-api wired once (ARCHITECTURE §1): its own main and the embedded shop
 * both call it. Seeds the menu, the shop's settings and the admin account, then
 * builds the views, the provider, the process managers and the routes; config is
 * read by the caller.
 */
export async function composeCommandApi(deps: CommandApiDeps): Promise<CommandApi> {
  const { eventStore, snapshotStore, logger } = deps;
  const now = deps.now ?? (() => new Date());
  // One hasher for the admin's bootstrap and the routes: its limit on hashes at once is the process's.
  const passwords = deps.passwords ?? createPasswordHasher();

  const seeded = await seedMenu(eventStore, now);
  if (seeded.added > 0) logger.info({ items: seeded.added }, 'menu seeded');
  if (await seedShopSettings(eventStore, initialShopSettings(), now)) {
    logger.info('shop settings seeded');
  }
  const shopSettings = createShopSettingsReader(eventStore);
  // Issue 40: nothing to seed (an absent calendar is the default); one reader for every checkout.
  const schedule = createScheduleReader(eventStore);
  const admin = await ensureAdmin(
    { eventStore, snapshotStore, logger },
    {
      email: normalizeEmail(deps.admin.email ?? DEFAULT_ADMIN_EMAIL),
      password: deps.admin.password,
      now,
      passwords,
    },
  );

  const rateLimitStores = await createRateLimitStores({ redisUrl: deps.redisUrl, logger });
  const replayGuard = await createReplayGuard({ redisUrl: deps.redisUrl, logger });
  const captcha = createCaptcha({ ...deps.captcha, replayGuard });
  const mailer = createMailer({
    outboxDir: path.join(deps.dataDir, 'outbox'),
    mailUrl: deps.mailUrl,
  });
  const sms = createSmsSender({
    twilio: deps.sms?.twilio,
    outboxDir: path.join(deps.dataDir, 'sms-outbox'),
  });
  const { gateway, simulator } = createConfiguredGateway(deps.payments, {
    generatedWebhookSecret: deps.generatedWebhookSecret,
    webhookUrl: deps.webhookUrl,
    dir: path.join(deps.dataDir, 'payment-simulator'),
    logger,
  });

  // Issue 41: the signed links of the shop's e-mails (confirm an e-mail, unsubscribe).
  const emailLinks = createEmailLinks({
    signer: deps.tokens.links,
    publicUrl: deps.publicUrl,
    now,
  });
  const catalog = createCatalogView({ eventStore, logger });
  const sessions = createSessionView({ eventStore, snapshotStore, logger });
  const paymentCommands = createPaymentProcessCommands({
    eventStore,
    snapshotStore,
    logger,
    now,
    ordering: { gateway },
    shopSettings,
  });
  const paymentProcess = () =>
    createPaymentProcessManager({
      eventStore,
      commands: paymentCommands,
      logger,
      now: () => now().getTime(),
      reconcileIntervalMs: deps.payments.reconcileIntervalMs,
    });
  // Issue 38: units of cancelled, refunded or never-placed orders go back to the stock.
  const stockRelease = () =>
    createStockReleaseManager({
      eventStore,
      snapshotStore,
      logger,
      now: () => now().getTime(),
    });
  // Issue 41: the e-mails and SMS the log calls for, each sent at most once.
  const notifier = () =>
    createNotifier({
      eventStore,
      snapshotStore,
      logger,
      mailer,
      sms,
      shopSettings,
      schedule,
      emailLinks,
      publicUrl: deps.publicUrl,
      now: () => now().getTime(),
      // Scaled out, no save of the embedded shop keeps its state: its checkpoint does.
      ...(deps.lease ? { checkpoint: snapshotStore } : {}),
    });
  const processManagers = () => {
    const payment = paymentProcess();
    const stock = stockRelease();
    const notifications = notifier();
    return {
      start: () =>
        Promise.all([payment.start(), stock.start(), notifications.start()]).then(() => undefined),
      close: () =>
        Promise.all([payment.close(), stock.close(), notifications.close()]).then(() => undefined),
      // A process manager that can no longer follow the log ends the term: a stand-by takes over.
      failure: () => payment.failure() ?? stock.failure() ?? notifications.failure(),
    };
  };
  const holder = deps.lease
    ? new LeaseHolder({
        lease: deps.lease,
        name: 'process-managers',
        logger,
        createTerm: processManagers,
      })
    : undefined;
  const ownProcess = holder ? undefined : paymentProcess();
  const ownStockRelease = holder ? undefined : stockRelease();
  const ownNotifier = holder ? undefined : notifier();
  /**
   * Whether the process managers progress: degraded while one follows the log again
   * after its subscription ended, or when this instance gave the lease up because
   * they failed; still serving commands, so never the failed that would take it out.
   */
  const health = (): HealthReport => {
    const failure = holder?.failure;
    const own = combineHealth(
      ownProcess?.health() ?? { status: 'ok' },
      ownStockRelease?.health() ?? { status: 'ok' },
      ownNotifier?.health() ?? { status: 'ok' },
      ...(failure === undefined
        ? []
        : [
            { status: 'degraded' as const, reason: `process managers: lease given up: ${failure}` },
          ]),
    );
    return own.status === 'failed' ? { status: 'degraded', reason: own.reason } : own;
  };

  const router = commandRoutes({
    eventStore,
    snapshotStore,
    catalog,
    sessions,
    ownWrites: deps.ownWrites,
    now,
    tokens: deps.tokens,
    captcha,
    mailer,
    logger,
    passwords,
    shopSettings,
    schedule,
    emailLinks,
    metrics: deps.metrics,
    rateLimitStore: rateLimitStores.store,
    get publicUrl() {
      return deps.publicUrl();
    },
    ...(deps.rateLimits ? { rateLimits: deps.rateLimits } : {}),
    reviewRateLimits: deps.reviewRateLimits,
    consentRateLimit: deps.consentRateLimit,
    customOrderRateLimit: deps.customOrderRateLimit,
    ordering: {
      gateway,
      pixExpiryMinutes: deps.payments.pixExpiryMinutes ?? DEFAULT_PIX_EXPIRY_MINUTES,
      get notificationUrl() {
        return deps.webhookUrl();
      },
      ...(deps.paymentRateLimits ? { rateLimits: deps.paymentRateLimits } : {}),
    },
  });
  const simulatorRoutes = simulator ? paymentSimulatorRouter(simulator) : null;

  return {
    router,
    simulatorRoutes,
    app: (http) =>
      commandServiceApp(
        { router, simulatorRoutes },
        {
          eventStore,
          logger,
          metrics: deps.metrics,
          publicUrl: deps.publicUrl(),
          health,
          ...http,
        },
      ),
    admin,
    health,
    mailer,
    sms,
    gateway,
    simulator,
    captcha,
    rateLimitStore: rateLimitStores.store,
    sessions,
    views:
      ownProcess && ownStockRelease && ownNotifier
        ? [catalog, sessions, ownProcess, ownStockRelease, ownNotifier]
        : [catalog, sessions],
    async start() {
      // Started together: the store answers the readers asking for one page at one time with one query.
      await Promise.all([
        catalog.start(),
        sessions.start(),
        ownProcess?.start(),
        ownStockRelease?.start(),
        ownNotifier?.start(),
      ]);
      holder?.start();
    },
    async stop() {
      await holder?.stop();
      await ownProcess?.close();
      await ownStockRelease?.close();
      await ownNotifier?.close();
      simulator?.close();
    },
    async close() {
      await catalog.stop();
      await sessions.stop();
      await Promise.all([rateLimitStores.close(), replayGuard.close()]);
    },
  };
}
