import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { hostname } from 'node:os';
import { Server, type ExtendedError } from 'socket.io';
import { z } from 'zod';
import {
  accountMessages,
  ADMINS_ROOM,
  centsToReais,
  messages,
  NEW_ORDER_SOCKET_EVENT,
  PAYMENT_POLL_HARD_STOP_MS,
  PAYMENTS_TOPIC,
  paymentApprovedMessageSchema,
  userRoom,
  type PaymentApprovedMessage,
  type NewOrderPush,
  type PaymentApprovedPush,
  type Role,
  type TokenClaims,
} from '@quitute/contracts';
import {
  closedSessionMessage,
  sessionIsOpen,
  type SessionVersionLookup,
  type TokenVerifier,
} from '@quitute/infra/auth';
import { recentIds, type Bus } from '@quitute/infra/bus';
import { AppError } from '@quitute/infra/errors';
import type { TrustProxy } from '@quitute/infra/config';
import type { Logger } from '@quitute/infra/logging';
import { clientKeyOf } from './client-address';

/**
 * Older pushes are dropped: the checkout page stops waiting after this long,
 * and a gateway that joins the bus late (a new consumer group reads the
 * topic's history) must not replay old approvals to connected customers.
 */
export const MAX_PUSH_AGE_MS = PAYMENT_POLL_HARD_STOP_MS;
/** Event ids remembered to drop redeliveries (the bus redelivers recent messages, not old ones). */
export const REMEMBERED_EVENT_IDS = 10_000;

/** What a client may send: the spec's client emits `join` with its user id and a test event. */
interface ClientEvents {
  join: (...args: unknown[]) => void;
  test: (...args: unknown[]) => void;
}

interface ServerEvents {
  paymentSuccess: (push: PaymentApprovedPush) => void;
  paymentApproved: (push: PaymentApprovedPush) => void;
  [NEW_ORDER_SOCKET_EVENT]: (push: NewOrderPush) => void;
}

/** Who the socket belongs to, from its handshake token, never from what the client says. */
interface SocketData {
  userId: string;
  /** The token's role: an admin's socket is in ADMINS_ROOM as well. */
  role: Role;
  sessionVersion: number;
  /** The token's session id, when it has one ('Sair' ends that session). */
  sid?: string | undefined;
  /** The token's expiry, seconds since the epoch. */
  exp: number;
}

export type SocketGatewayServer = Server<ClientEvents, ServerEvents, object, SocketData>;

export interface SocketGateway {
  io: SocketGatewayServer;
  /** Stops consuming and disconnects every socket; the HTTP server is its owner's to close. */
  close(): Promise<void>;
}

export interface SocketGatewayDeps {
  httpServer: HttpServer;
  tokens: TokenVerifier;
  /** The same check as HTTP's `authenticate`: a token of an ended session is refused. */
  sessionVersions: SessionVersionLookup;
  bus: Bus;
  logger: Logger;
  /** Only when the web app is served from another origin; same-origin needs no CORS. */
  corsOrigin?: string | string[];
  /**
   * Every gateway instance must receive every message (each holds its own
   * sockets), so each needs its own consumer group: the host name is one per
   * container, and the process id tells apart instances run as processes on one
   * host (the topology without Docker). The Redis Streams bus destroys such a
   * group when it stops, or once idle when its process was killed.
   */
  groupId?: string;
  now?: () => Date;
  /** MAX_CONNECTIONS_PER_ADDRESS by default. */
  maxConnectionsPerAddress?: number;
  /** TRUST_PROXY, as the HTTP side's: whose X-Forwarded-For names the client. */
  trustProxy?: TrustProxy;
}

const handshakeAuthSchema = z.object({ token: z.string().min(1).max(4096) });

/**
 * Open connections one client address may hold (TRUST_PROXY decides what the
 * address is, as for HTTP). A connection exists before its token is checked, so
 * without a cap a stranger could open them by the thousand and fill the server's
 * memory; a household's tabs and phones stay far below it.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 30;
/** A connection must authenticate within this (socket.io's default waits 45 s). */
const CONNECT_TIMEOUT_MS = 10_000;

/** Clients read `err.message` (stable) and `err.data.message` (pt-BR) on connect_error. */
function refusal(code: 'unauthorized' | 'unavailable', message: string): ExtendedError {
  return Object.assign(new Error(code), { data: { message } });
}

/**
 * What the admins are told of a paid order (`total` in reais), or null for a
 * message published before the relay carried the order's details.
 */
export function newOrderPushOf(approved: PaymentApprovedMessage): NewOrderPush | null {
  const { totalCents, customerName, deliveryType, deliveryDate } = approved;
  if (
    totalCents === undefined ||
    customerName === undefined ||
    deliveryType === undefined ||
    deliveryDate === undefined
  ) {
    return null;
  }
  return {
    orderId: approved.orderId,
    orderNumber: approved.orderNumber,
    total: centsToReais(totalCents),
    customerName,
    deliveryType,
    deliveryDate,
  };
}

/** Answers an acknowledgement when the client asked for one (harmless either way). */
function acknowledge(args: unknown[]): void {
  const ack = args.at(-1);
  if (typeof ack === 'function') ack({ ok: true });
}

/**
 * The socket.io gateway (spec §7, ARCHITECTURE §5) on the query side's HTTP
 * server, path /socket.io: a handshake needs a valid token of a live session;
 * the socket joins its own user's room and, when the token's role is admin,
 * the admins' room (issue 41), and no message adds another; each
 * PaymentApproved the relay publishes is pushed once, as `paymentSuccess` and
 * `paymentApproved`, to the sockets of the order's owner, and as `newOrder` to
 * the admins'.
 */
export async function attachSocketGateway(deps: SocketGatewayDeps): Promise<SocketGateway> {
  const now = deps.now ?? (() => new Date());
  const openByAddress = new Map<string, number>();
  const maxPerAddress = deps.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS;
  const clientKey = clientKeyOf(deps.trustProxy);
  const io: SocketGatewayServer = new Server(deps.httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Clients send only join and test: a few bytes.
    maxHttpBufferSize: 10_000,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Asked on each new connection (engine.io handshake), before anything is kept for it.
    allowRequest: (request, answer) => {
      const open = openByAddress.get(clientKey(request)) ?? 0;
      if (open >= maxPerAddress) answer('too many connections', false);
      else answer(null, true);
    },
    ...(deps.corsOrigin ? { cors: { origin: deps.corsOrigin } } : {}),
  });
  io.engine.on(
    'connection',
    (connection: {
      request: IncomingMessage;
      once: (event: 'close', listener: () => void) => void;
    }) => {
      const address = clientKey(connection.request);
      openByAddress.set(address, (openByAddress.get(address) ?? 0) + 1);
      connection.once('close', () => {
        const left = (openByAddress.get(address) ?? 1) - 1;
        if (left > 0) openByAddress.set(address, left);
        else openByAddress.delete(address);
      });
    },
  );

  const authenticateHandshake = async (auth: unknown): Promise<TokenClaims> => {
    const parsed = handshakeAuthSchema.safeParse(auth);
    if (!parsed.success) throw new AppError('unauthorized', accountMessages.tokenMissing);
    const claims = deps.tokens.verify(parsed.data.token);
    const closed = closedSessionMessage(claims, await deps.sessionVersions(claims.userId));
    if (closed !== null) throw new AppError('unauthorized', closed);
    return claims;
  };

  io.use((socket, next) => {
    authenticateHandshake(socket.handshake.auth).then(
      (claims) => {
        socket.data = {
          userId: claims.userId,
          role: claims.role,
          sessionVersion: claims.sessionVersion,
          sid: claims.sid,
          exp: claims.exp,
        };
        next();
      },
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'unauthorized') {
          next(refusal('unauthorized', error.message));
          return;
        }
        deps.logger.error({ err: error }, 'socket handshake failed');
        next(refusal('unavailable', messages.unavailable));
      },
    );
  });

  io.on('connection', (socket) => {
    // The rooms come from the handshake's token alone: its user's, and the admins' for an admin.
    void socket.join(userRoom(socket.data.userId));
    if (socket.data.role === 'admin') void socket.join(ADMINS_ROOM);
    // Whatever a client names (a user id, 'admins', { room }), it stays in the rooms it was given.
    socket.on('join', (...args) => acknowledge(args));
    socket.on('test', (...args) => acknowledge(args));
  });

  /**
   * To the owner's sockets on this instance. A socket whose session ended or
   * whose token expired since its handshake is disconnected instead: it must
   * sign in again.
   */
  const push = async (approved: PaymentApprovedMessage): Promise<void> => {
    const sockets = await io.in(userRoom(approved.userId)).fetchSockets();
    if (sockets.length === 0) return;
    const sessions = await deps.sessionVersions(approved.userId);
    const nowSeconds = now().getTime() / 1000;
    const payload: PaymentApprovedPush = {
      orderId: approved.orderId,
      orderNumber: approved.orderNumber,
      paymentId: approved.paymentId,
    };
    for (const socket of sockets) {
      if (!sessionIsOpen(socket.data, sessions) || socket.data.exp <= nowSeconds) {
        socket.disconnect(true);
        continue;
      }
      socket.emit('paymentSuccess', payload);
      socket.emit('paymentApproved', payload);
    }
  };

  /**
   * `newOrder` to the admins' sockets on this instance, each checked as the
   * customer's are, against its own user's sessions: a signed-out admin, or one
   * whose role changed (that ends her sessions), is disconnected instead; so is
   * a socket whose token no longer says admin.
   */
  const pushNewOrder = async (newOrder: NewOrderPush): Promise<void> => {
    const sockets = await io.in(ADMINS_ROOM).fetchSockets();
    if (sockets.length === 0) return;
    const userIds = [...new Set(sockets.map((socket) => socket.data.userId))];
    const sessions = new Map(
      await Promise.all(
        userIds.map(async (userId) => [userId, await deps.sessionVersions(userId)] as const),
      ),
    );
    const nowSeconds = now().getTime() / 1000;
    for (const socket of sockets) {
      const { data } = socket;
      if (
        data.role !== 'admin' ||
        !sessionIsOpen(data, sessions.get(data.userId) ?? null) ||
        data.exp <= nowSeconds
      ) {
        socket.disconnect(true);
        continue;
      }
      socket.emit(NEW_ORDER_SOCKET_EVENT, newOrder);
    }
  };

  const customersTold = recentIds(REMEMBERED_EVENT_IDS);
  const adminsTold = recentIds(REMEMBERED_EVENT_IDS);
  const subscription = await deps.bus.subscribe(
    PAYMENTS_TOPIC,
    deps.groupId ?? `socket-gateway-${hostname()}-${process.pid}`,
    async (message) => {
      const parsed = paymentApprovedMessageSchema.safeParse(message.payload);
      if (!parsed.success) {
        if (message.type === 'PaymentApproved') {
          deps.logger.warn({ id: message.id }, 'payment push ignored: unexpected payload');
        }
        return;
      }
      const approved = parsed.data;
      const ageMs = now().getTime() - Date.parse(approved.occurredAt);
      // Written so that a time that cannot be read (NaN) counts as too old.
      if (!(ageMs <= MAX_PUSH_AGE_MS)) return;
      // Each audience once per approval: a redelivery after the admins' push failed
      // does not tell the customer again.
      if (!customersTold.has(approved.eventId)) {
        await push(approved);
        customersTold.add(approved.eventId);
      }
      const newOrder = newOrderPushOf(approved);
      if (newOrder && !adminsTold.has(approved.eventId)) {
        await pushNewOrder(newOrder);
        adminsTold.add(approved.eventId);
      }
    },
  );

  return {
    io,
    async close() {
      await subscription.stop();
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
