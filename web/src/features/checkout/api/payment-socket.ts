import { PAYMENT_SOCKET_EVENTS, type PaymentApprovedPush } from '@quitute/contracts';
import * as v from 'valibot';
import { openRealtimeSocket } from '../../../api/realtime-socket';
import { paymentApprovedPushResponseSchema } from '../../../api/response-schemas';

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
  const socket = openRealtimeSocket({ origin, token });
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
