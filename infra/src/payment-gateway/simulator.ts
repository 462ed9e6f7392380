import type { Logger } from '../logging';
import type { PaymentGateway, ProviderPayment } from './port';
import { qrPngHere, type QrPngRenderer } from './qr-png';
import { openPaymentBook } from './simulator-book';
import { createCardTokens, type CardToken, type CardTokenRequest } from './simulator-card-tokens';
import { startExpiryTimers } from './simulator-expiry';
import { paymentInstruments } from './simulator-instruments';
import { startWebhookDelivery, verifyNotification } from './simulator-webhooks';

export { isSettleable } from './simulator-book';
export { MAX_LIVE_CARD_TOKENS } from './simulator-card-tokens';
export type { CardToken, CardTokenRequest } from './simulator-card-tokens';

export interface PaymentSimulatorOptions {
  /** Signs the notifications (and checks them in `verifyWebhook`). */
  webhookSecret: string;
  /**
   * Where notifications go (our `/payments/webhook`) unless a payment names its own.
   * Read at each use: a getter may answer once the shop listens.
   */
  webhookUrl?: string;
  /** Payments are kept here (payment-log.ts) and survive a restart; memory only when absent. */
  dir?: string;
  /** A pending Pix or boleto approves itself after this delay. */
  autoApproveMs?: number;
  pixKey?: string;
  merchantName?: string;
  merchantCity?: string;
  now?: () => Date;
  logger?: Logger;
  /** Waits between webhook attempts; one attempt more than delays. */
  webhookRetryDelaysMs?: readonly number[];
  /** How often unpaid Pix/boleto past their expiry are swept (reads always check). */
  expirySweepMs?: number;
  /** Draws the Pix QR images (on this thread by default); closed with the simulator. */
  qrPng?: QrPngRenderer;
}

export interface PaymentSimulator extends PaymentGateway {
  readonly provider: 'simulator';
  /** Pays a pending Pix/boleto (or settles a card payment in review): 404/409 AppErrors otherwise. */
  approve(paymentId: string): Promise<ProviderPayment>;
  /** Declines a pending Pix/boleto (or a card payment in review): 404/409 AppErrors otherwise. */
  reject(paymentId: string): Promise<ProviderPayment>;
  /**
   * A refund made at the provider, not asked by the shop (issue 38): part
   * (amountCents) or all that is left of an approved payment; 404/409 AppErrors otherwise.
   */
  refundAtProvider(paymentId: string, amountCents?: number): Promise<ProviderPayment>;
  /** The payer disputed an approved payment and the provider took it back: 404/409 AppErrors otherwise. */
  chargeBack(paymentId: string): Promise<ProviderPayment>;
  /** What MercadoPago.js does in the browser; 400 AppErrors with pt-BR messages per field. */
  createCardToken(request: CardTokenRequest): Promise<CardToken>;
  /** Resolves once every notification sent so far was delivered or given up on. */
  settled(): Promise<void>;
  /** Stops timers, retries and notifications; state on disk stays. */
  close(): void;
}

/**
 * A local Mercado Pago, in four parts: the payment book (simulator-book.ts:
 * the payments, their states, kept on disk), what each instrument makes of a
 * new payment (simulator-instruments.ts, with the card tokens of
 * simulator-card-tokens.ts), the signed notifications to the shop
 * (simulator-webhooks.ts) and the expiry and auto-approval timers
 * (simulator-expiry.ts).
 */
export function createPaymentSimulator(options: PaymentSimulatorOptions): PaymentSimulator {
  const { webhookSecret, logger, qrPng = qrPngHere } = options;
  const now = options.now ?? (() => new Date());
  const webhooks = startWebhookDelivery({
    secret: webhookSecret,
    defaultUrl: () => options.webhookUrl,
    now,
    logger,
    retryDelaysMs: options.webhookRetryDelaysMs,
  });
  const cardTokens = createCardTokens(now);
  const book = openPaymentBook({ dir: options.dir, now, logger, notify: webhooks.notify });
  const build = paymentInstruments({
    pixKey: options.pixKey,
    merchantName: options.merchantName,
    merchantCity: options.merchantCity,
    qrPng,
    cardTokens,
    now,
  });
  const expiry = startExpiryTimers(book, {
    autoApproveMs: options.autoApproveMs,
    sweepMs: options.expirySweepMs,
    now,
    logger,
    onSweep: cardTokens.sweep,
  });

  return {
    provider: 'simulator',
    async create(request) {
      const { record, isNew } = await book.create(request, build);
      if (isNew) expiry.scheduleAutoApprove(record);
      return record.payment;
    },
    get: book.get,
    cancel: book.cancel,
    refund: book.refund,
    verifyWebhook: (request) => verifyNotification(webhookSecret, request, now().getTime()),
    approve: (paymentId) => book.settle(paymentId, 'approve'),
    reject: (paymentId) => book.settle(paymentId, 'reject'),
    refundAtProvider: (paymentId, amountCents) => book.refundAtProvider(paymentId, amountCents),
    chargeBack: book.chargeBack,
    createCardToken: async (request) => cardTokens.create(request),
    settled: webhooks.settled,
    close() {
      expiry.close();
      webhooks.close();
      book.close();
      qrPng.close();
    },
  };
}
