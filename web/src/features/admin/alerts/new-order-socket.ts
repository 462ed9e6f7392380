import { NEW_ORDER_SOCKET_EVENT, newOrderPushSchema, type NewOrderPush } from '@quitute/contracts';
import { openRealtimeSocket, type ReconnectionPolicy } from '../../../api/realtime-socket';

/**
 * The admin area stays open for hours: its socket keeps trying after the
 * gateway restarts or the network drops (up to 30 s apart, with jitter so
 * that several tabs do not knock at once), where the checkout's gives up after
 * three tries.
 */
export const NEW_ORDER_RECONNECTION: ReconnectionPolicy = {
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 30_000,
  randomizationFactor: 0.5,
};

export interface NewOrderSocketOptions {
  origin: string;
  /** Read at every (re)connection: the gateway puts a socket of an admin's token in the admins' room. */
  token: () => string | null;
  onNewOrder: (push: NewOrderPush) => void;
}

export interface NewOrderSocket {
  close(): void;
}

/**
 * Listens for the orders paid while the admin area is open (issue 41 point 6).
 * Nothing is sent: the handshake's token alone places the socket in the
 * admins' room. A payload that is not a NewOrderPush is ignored.
 */
export function connectNewOrderSocket({
  origin,
  token,
  onNewOrder,
}: NewOrderSocketOptions): NewOrderSocket {
  const socket = openRealtimeSocket({ origin, token, reconnection: NEW_ORDER_RECONNECTION });
  socket.on(NEW_ORDER_SOCKET_EVENT, (payload: unknown) => {
    const push = newOrderPushSchema.safeParse(payload);
    if (push.success) onNewOrder(push.data);
  });
  return { close: () => socket.disconnect() };
}
