import { z } from 'zod';
import { loadConfigOrExit } from '@quitute/infra/config';
import { startMercadoPagoFake } from '@quitute/infra/payment-gateway';

/**
 * The payment provider's stand-in as a process of its own (the topology of
 * processes): the Mercado Pago fake on PROVIDER_PORT, which every command-api
 * process calls (MP_API_URL) and which notifies the shop through nginx. A Pix
 * is paid from outside with its test-only route:
 * `POST /test-control/payments/<id>/approve` (bearer MP_ACCESS_TOKEN, any
 * X-Idempotency-Key). Its payments live in this process's memory.
 */
const config = loadConfigOrExit(
  z.object({
    PROVIDER_PORT: z.coerce.number().int().min(1).max(65535),
    MP_ACCESS_TOKEN: z.string().min(10),
    MP_WEBHOOK_SECRET: z.string().min(16),
  }),
);
const fake = await startMercadoPagoFake({
  port: config.PROVIDER_PORT,
  accessToken: config.MP_ACCESS_TOKEN,
  webhookSecret: config.MP_WEBHOOK_SECRET,
});
console.log(`provedor de pagamentos (simulação do Mercado Pago) em ${fake.url}`);

const shutdown = () => void fake.close().then(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
