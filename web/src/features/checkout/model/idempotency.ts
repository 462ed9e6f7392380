import type { CheckoutBody } from '@quitute/contracts';

/** 32 hex digits from the browser's CSPRNG (randomUUID needs https; the shop may be served over plain http). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What makes two submissions the same checkout attempt: the body without the
 * card's single-use token and the device id, which a retry cannot repeat, nor
 * the card's brand and installments, which another card after a decline may change.
 */
export function attemptFingerprint(body: CheckoutBody): string {
  const {
    token: _token,
    deviceId: _deviceId,
    paymentMethodId: _paymentMethodId,
    installments: _installments,
    ...rest
  } = body;
  return JSON.stringify(rest);
}

/**
 * One Idempotency-Key per checkout attempt. A submission that got no answer
 * (network, timeout, 5xx) leaves its attempt open: sending the same data
 * again reuses its key, so the server answers the first order instead of
 * placing a second. So does a declined card: another card pays the same order.
 * Any other answer closes the attempt, and other data (another method, date,
 * address…) starts a new one.
 */
export function checkoutAttempts(newKey: () => string = newIdempotencyKey) {
  let open: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(body: CheckoutBody): string {
      const fingerprint = attemptFingerprint(body);
      if (open?.fingerprint !== fingerprint) open = { fingerprint, key: newKey() };
      return open.key;
    },
    /** The server answered (any answer): the next submission is a new attempt. */
    answered(): void {
      open = null;
    },
  };
}
