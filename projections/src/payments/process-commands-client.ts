import { setTimeout as sleep } from 'node:timers/promises';
import {
  paymentProcessPath,
  type CausingEvent,
  type PaymentProcessCommandName,
  type PaymentProcessCommands,
} from '@quitute/contracts';
import type { Logger } from '@quitute/infra/logging';

export interface PaymentProcessCommandsClientOptions {
  /** command-api's address inside the deployment (COMMAND_API_URL), e.g. http://command-api:3001. */
  baseUrl: string;
  /** INTERNAL_API_TOKEN: command-api serves the commands only to a caller presenting it. */
  token: string;
  logger: Logger;
  /** Per attempt (default 15 s): a sync, a cancel or a refund waits on the payment provider. */
  timeoutMs?: number;
  /** Attempts in all while command-api is unreachable, too slow or answers 5xx (default 3). */
  attempts?: number;
  /** Pause before the second attempt, doubled before each next one (default 250 ms). */
  retryDelayMs?: number;
}

/** A process command command-api did not run: refused (4xx), failing (5xx) or out of reach. */
export class PaymentProcessCommandError extends Error {
  override readonly name = 'PaymentProcessCommandError';
  constructor(
    readonly command: PaymentProcessCommandName,
    /** command-api's answer; null when none came (network, timeout). */
    readonly status: number | null,
    message: string,
    options?: { cause: unknown },
  ) {
    super(message, options);
  }

  /** Worth trying again at once: the command did not run, or its outcome is unknown. */
  get retryable(): boolean {
    return this.status === null || this.status >= 500;
  }
}

/** The causing event as the wire carries it: its id and envelope, not its data. */
const onTheWire = (cause: CausingEvent | null) =>
  cause && {
    id: cause.id,
    metadata: {
      correlationId: cause.metadata.correlationId,
      causationId: cause.metadata.causationId,
      actorId: cause.metadata.actorId,
      actorRole: cause.metadata.actorRole,
      occurredAt: cause.metadata.occurredAt,
    },
  };

/** The error body's text, short, for the log; the central handler answers `{message, code}`. */
async function answerOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return text.slice(0, 300);
}

/**
 * PaymentProcessCommands over HTTP (distributed topology): the projections
 * service's process manager runs each step on command-api's internal endpoint
 * (`POST /internal/payment-process/{command}`). Every command is idempotent,
 * so one that failed in transit, timed out or met a 5xx is sent again, a few
 * times with a growing pause; past those the error goes to the process
 * manager, which retries the step later. A 4xx is final: sending it again
 * would get the same answer.
 */
export function createPaymentProcessCommandsClient(
  options: PaymentProcessCommandsClientOptions,
): PaymentProcessCommands {
  const { token, logger } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const attempts = Math.max(1, options.attempts ?? 3);
  const retryDelayMs = options.retryDelayMs ?? 250;

  const attempt = async (name: PaymentProcessCommandName, body: string): Promise<void> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${paymentProcessPath(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProcessCommandError(name, null, `command-api did not answer ${name}`, {
        cause: error,
      });
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    throw new PaymentProcessCommandError(
      name,
      response.status,
      `command-api answered ${response.status} to ${name}: ${await answerOf(response)}`,
    );
  };

  const send = async (
    name: PaymentProcessCommandName,
    input: unknown,
    cause: CausingEvent | null,
  ): Promise<void> => {
    const body = JSON.stringify({ input, cause: onTheWire(cause) });
    for (let tried = 1; ; tried++) {
      try {
        await attempt(name, body);
        return;
      } catch (error) {
        const retryable = error instanceof PaymentProcessCommandError && error.retryable;
        if (!retryable || tried >= attempts) throw error;
        const delayMs = retryDelayMs * 2 ** (tried - 1);
        logger.warn(
          { err: error, command: name, attempt: tried, retryInMs: delayMs },
          'payment process command did not reach command-api; sending it again',
        );
        await sleep(delayMs);
      }
    }
  };

  return {
    markOrderPaid: (input, cause) => send('markOrderPaid', input, cause),
    cancelOrder: (input, cause) => send('cancelOrder', input, cause),
    checkOutCart: (input, cause) => send('checkOutCart', input, cause),
    recordOnlineSale: (input, cause) => send('recordOnlineSale', input, cause),
    reverseOnlineSale: (input, cause) => send('reverseOnlineSale', input, cause),
    refundApprovedPayment: (input, cause) => send('refundApprovedPayment', input, cause),
    expirePayment: (input, cause) => send('expirePayment', input, cause),
    syncPaymentFromProvider: (input, cause) => send('syncPaymentFromProvider', input, cause),
  };
}
