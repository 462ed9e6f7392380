import { describe, expect, it } from 'vitest';
import { paymentResultSchema } from '@quitute/contracts';
import {
  closeShops,
  openShop,
  paymentProcessCommandsContract,
  pixBody,
} from '@quitute/command-api/testing';
import { silentLogger } from '@quitute/infra/logging';
import { createPaymentProcessCommandsClient } from '@quitute/projections';

/**
 * The distributed topology's seam (ARCHITECTURE §3.3): the projections
 * service's process manager runs its steps through the HTTP client, against
 * command-api's internal endpoint. Composed here, the one workspace that may
 * import both services (STYLE rule 1): the same contract suite as the
 * in-process commands, then what only the wire adds.
 */

const TOKEN = 'a-service-token-for-tests-0123456789abcdef';

const overHttp = (url: string, token = TOKEN) =>
  createPaymentProcessCommandsClient({
    baseUrl: url,
    token,
    logger: silentLogger,
    retryDelayMs: 1,
  });

paymentProcessCommandsContract('over HTTP (projections’ client → command-api)', {
  shop: { internalApiToken: TOKEN },
  commands: (shop) => overHttp(shop.url),
});

describe('payment process commands over HTTP, the wire alone', () => {
  it('given a client with another token, when it runs a command, then command-api refuses it (401, not retried) and appends nothing', async () => {
    const shop = await openShop({ notifications: false, internalApiToken: TOKEN });
    try {
      const maria = await shop.customer();
      const { orderId } = paymentResultSchema.parse(
        (await maria.checkout(pixBody(maria.userId))).body,
      );
      const [pending] = await shop.ofType('PaymentPending');
      if (!pending) throw new Error('no pending payment');
      const before = await shop.eventStore.headPosition();

      const failure = overHttp(shop.url, `${TOKEN}-not-it`).cancelOrder(
        { orderId, reason: 'payment_expired' },
        pending,
      );

      await expect(failure).rejects.toMatchObject({ status: 401, retryable: false });
      expect(await shop.eventStore.headPosition()).toBe(before);
    } finally {
      await closeShops();
    }
  });
});
