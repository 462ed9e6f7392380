import type { PaymentsConfig } from '../config';
import type { Logger } from '../logging';
import { createMercadoPagoGateway } from './mercadopago';
import type { PaymentGateway } from './port';
import { createQrPngWorker } from './qr-png';
import { createPaymentSimulator, type PaymentSimulator } from './simulator';

export interface ConfiguredGatewayOptions {
  /** The simulator's webhook secret when the configuration names none (generated in DATA_DIR). */
  generatedWebhookSecret?: string | undefined;
  /** Where the simulator posts its notifications, read at each use. */
  webhookUrl: () => string;
  /** Where the simulator keeps its payments (a folder under DATA_DIR). */
  dir: string;
  logger: Logger;
}

export interface ConfiguredGateway {
  gateway: PaymentGateway;
  /** The simulator while it is the provider (its pages are then mounted), else null. */
  simulator: PaymentSimulator | null;
}

/**
 * The provider the configuration asks for (ARCHITECTURE §2): Mercado Pago when
 * its access token is set, otherwise the local simulator. One implementation
 * for every process that takes payments (the embedded shop, command-api).
 */
export function createConfiguredGateway(
  payments: PaymentsConfig,
  options: ConfiguredGatewayOptions,
): ConfiguredGateway {
  const { logger } = options;
  if (payments.mercadoPago) {
    return {
      gateway: createMercadoPagoGateway({
        accessToken: payments.mercadoPago.accessToken,
        webhookSecret: payments.mercadoPago.webhookSecret,
        ...(payments.mercadoPago.apiUrl ? { baseUrl: payments.mercadoPago.apiUrl } : {}),
        logger,
      }),
      simulator: null,
    };
  }
  const webhookSecret = payments.webhookSecret ?? options.generatedWebhookSecret;
  // Unsigned notifications would let anyone approve a payment through the webhook.
  if (!webhookSecret) throw new Error('the payment simulator needs a webhook secret');
  const simulator = createPaymentSimulator({
    webhookSecret,
    get webhookUrl() {
      return options.webhookUrl();
    },
    dir: options.dir,
    qrPng: createQrPngWorker(),
    ...(payments.simulatorAutoApproveMs !== undefined
      ? { autoApproveMs: payments.simulatorAutoApproveMs }
      : {}),
    logger,
  });
  return { gateway: simulator, simulator };
}
