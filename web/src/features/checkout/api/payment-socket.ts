import { PAYMENT_SOCKET_EVENTS, type PaymentApprovedPush } from '@quitute/contracts';
import { io } from 'socket.io-client';
import * as v from 'valibot';
import { paymentApprovedPushResponseSchema } from '../../../api/response-schemas';

/**
 * The spec's socket (§7, §9): websocket first with polling as fallback (which
 * socket.io only tries with tryAllTransports), 20 s per attempt, 3 reconnects
 * exactly 1 s apart (no growth, no jitter).
 */
export const PAYMENT_SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  timeout: 20_000,
  reconnectionAttempts: 3,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 1_000,
  randomizationFactor: 0,
} as const;

export interface PaymentSocketOptions {
  origin: string;
  userId: string;
  /** Read at every (re)connection, so a reconnect carries the session's current token. */
  token: () => string | null;
  onApproved: (push: PaymentApprovedPush) => void;
}

export interface PaymentSocket {
  close(): void;
}

/**
 * Opens the payment socket: joins the user's room and reports every approval
 * pushed as paymentSuccess or paymentApproved (both are sent; the caller
 * ignores the second). payments-api imports this module (and socket.io-client
 * with it) only when a payment starts, never with a page.
 */
export async function connectPaymentSocket({
  origin,
  userId,
  token,
  onApproved,
}: PaymentSocketOptions): Promise<PaymentSocket> {
  const socket = io(origin, {
    ...PAYMENT_SOCKET_OPTIONS,
    transports: [...PAYMENT_SOCKET_OPTIONS.transports],
    auth: (send) => send({ token: token() ?? '' }),
  });
  socket.on('connect', () => {
    socket.emit('join', userId);
  });
  for (const event of PAYMENT_SOCKET_EVENTS) {
    socket.on(event, (payload: unknown) => {
      const push = v.safeParse(paymentApprovedPushResponseSchema, payload);
      if (push.success) onApproved(push.output);
    });
  }
  return { close: () => socket.disconnect() };
}
