import { checkoutOrderPart, type CheckoutBody } from '@quitute/contracts';

/** 32 hex digits from the browser's CSPRNG (randomUUID needs https; the shop may be served over plain http). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What makes two submissions the same checkout attempt: the body without the
 * card's single-use token and the device id, which a retry cannot repeat.
 */
export function attemptFingerprint(body: CheckoutBody): string {
  const { token: _token, deviceId: _deviceId, ...rest } = body;
  return JSON.stringify(rest);
}

/**
 * One Idempotency-Key per checkout attempt. A submission that got no answer
 * (network, timeout, 5xx) leaves its attempt open: sending the same data
 * again reuses its key, so the server answers the first order instead of
 * placing a second. Any answer closes the attempt, and other data (another
 * method, date, address…) starts a new one — except a declined card: its
 * order stays open, and another card or another method for the same order
 * (same delivery, customer and items) pays it under the same key.
 */
export function checkoutAttempts(newKey: () => string = newIdempotencyKey) {
  let open: { fingerprint: string; order: string; key: string; declined: boolean } | null = null;
  return {
    keyFor(body: CheckoutBody): string {
      const fingerprint = attemptFingerprint(body);
      const order = JSON.stringify(checkoutOrderPart(body));
      if (open?.declined && open.order === order) {
        open = { ...open, fingerprint, declined: false };
      } else if (open?.fingerprint !== fingerprint) {
        open = { fingerprint, order, key: newKey(), declined: false };
      }
      return open.key;
    },
    /** The server answered (any answer but a declined card): the next submission is a new attempt. */
    answered(): void {
      open = null;
    },
    /** The card was declined: the next submission for the same order pays it again. */
    declined(): void {
      if (open) open = { ...open, declined: true };
    },
  };
}
