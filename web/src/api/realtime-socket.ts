import { io, type Socket } from 'socket.io-client';

/**
 * The spec's socket (§7, §9): websocket first with polling as fallback (which
 * socket.io only tries with tryAllTransports), 20 s per attempt, 3 reconnects
 * exactly 1 s apart (no growth, no jitter).
 */
export const REALTIME_SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  timeout: 20_000,
  reconnectionAttempts: 3,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 1_000,
  randomizationFactor: 0,
} as const;

/** How a socket tries again after losing its connection (socket.io's Manager options). */
export interface ReconnectionPolicy {
  reconnectionAttempts: number;
  reconnectionDelay: number;
  reconnectionDelayMax: number;
  randomizationFactor: number;
}

export interface RealtimeSocketOptions {
  origin: string;
  /** Read at every (re)connection, so a reconnect carries the session's current token. */
  token: () => string | null;
  /** Another reconnection policy than the spec's three tries (a page that listens for hours). */
  reconnection?: ReconnectionPolicy;
}

/**
 * The one socket.io client of the web app (query-api's gateway): the server
 * reads the session's token from the handshake and puts the socket in the
 * rooms that token allows. The callers (the checkout's payment socket, the
 * admin area's new-order alerts) import this module lazily, so socket.io-client
 * never loads with a page.
 */
export function openRealtimeSocket({ origin, token, reconnection }: RealtimeSocketOptions): Socket {
  return io(origin, {
    ...REALTIME_SOCKET_OPTIONS,
    ...reconnection,
    transports: [...REALTIME_SOCKET_OPTIONS.transports],
    auth: (send) => send({ token: token() ?? '' }),
  });
}
