import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { accountMessages, messages } from '@quitute/contracts';
import type { Bus } from '../bus/port';
import type { EventStore } from '../event-store/port';
import { isLoopbackAddress } from '../mail/dev-mailbox';

/**
 * Prometheus metrics (`GET /metrics`, text format), one registry per process
 * (never prom-client's global one, so each test and each composed server counts
 * alone). Every label value comes from a bounded set written in the code: the
 * Express route pattern (never the raw URL, whose ids a stranger could vary to
 * grow the registry without end), the method, the status code, event types,
 * topics, command routes and projection names.
 */

/** Label of a request no route matched (static files, 404s, probes). */
export const UNMATCHED_ROUTE = 'unmatched';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Who may read /metrics: holders of a bearer token; or, without a token, in
 * development only, a client on this very machine talking to it directly; in
 * production without a token, nobody (the path answers 404 like any unknown one).
 */
export type MetricsAccess = { token: string } | 'loopback' | 'closed';

export function metricsAccess(config: {
  token?: string | undefined;
  production: boolean;
}): MetricsAccess {
  if (config.token) return { token: config.token };
  return config.production ? 'closed' : 'loopback';
}

/** One projection's progress: the global position it has applied up to. */
export interface ProjectionProgress {
  projection: string;
  position: number;
}

export interface Metrics {
  readonly registry: Registry;
  /**
   * Express middleware, mounted before the routes: answers GET /metrics (by the
   * access rule; otherwise passes it on, to the app's 404) and times every other
   * request, labelled with the route that answered it.
   */
  readonly http: (req: Request, res: Response, next: NextFunction) => void;
  /** For a bare node server: answers /metrics (true), or leaves the request alone (false). */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** A command ran (2xx) or was refused (a 4xx about the request or the domain), by its route. */
  commandHandled(command: string): void;
  commandRejected(command: string, reason: string): void;
  /** The store, counting each event appended through it by type. */
  countAppends(store: EventStore): EventStore;
  /** The bus, counting the messages published and consumed through it by topic. */
  countMessages(bus: Bus): Bus;
  /** Read on each scrape: the projections' positions and the event log's head. */
  watchProjections(
    progress: () => readonly ProjectionProgress[],
    headPosition: () => Promise<number>,
  ): void;
  /** Read on each scrape: the socket.io connections this process holds. */
  watchSocketConnections(count: () => number): void;
}

const routeSchema = z.object({ path: z.string() });

/**
 * The pattern of the route that answered (`/api/orders/:id`), or UNMATCHED_ROUTE.
 * The routes here declare their whole path; `req.baseUrl` is left out because it
 * holds the URL a router's mount path matched, ids included, not its pattern.
 */
export function routeLabel(req: Pick<Request, 'route'>): string {
  const route = routeSchema.safeParse(req.route);
  return route.success ? route.data.path : UNMATCHED_ROUTE;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A client on this machine talking to the process itself: a peer on loopback
 * that forwards for someone (a proxy on this machine) may be forwarding anyone.
 */
function isLocalClient(req: IncomingMessage): boolean {
  const relayed = FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
  return !relayed && isLoopbackAddress(req.socket.remoteAddress);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerMatches(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

export function createMetrics(options: { access: MetricsAccess }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'quitute_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const commandsHandled = new Counter({
    name: 'quitute_commands_handled_total',
    help: 'Commands that ran (2xx), by command route.',
    labelNames: ['command'] as const,
    registers,
  });
  const commandsRejected = new Counter({
    name: 'quitute_commands_rejected_total',
    help: 'Commands refused as invalid or by the domain (400, 404, 409, 412), by command route and reason.',
    labelNames: ['command', 'reason'] as const,
    registers,
  });
  const eventsAppended = new Counter({
    name: 'quitute_events_appended_total',
    help: 'Events appended to the event store by this process (acknowledged appends), by event type.',
    labelNames: ['event_type'] as const,
    registers,
  });
  const busPublished = new Counter({
    name: 'quitute_bus_messages_published_total',
    help: 'Integration messages published to the bus, by topic.',
    labelNames: ['topic'] as const,
    registers,
  });
  const busConsumed = new Counter({
    name: 'quitute_bus_messages_consumed_total',
    help: 'Integration messages handled from the bus, by topic.',
    labelNames: ['topic'] as const,
    registers,
  });

  let projections: (() => readonly ProjectionProgress[]) | undefined;
  let headPosition: (() => Promise<number>) | undefined;
  new Gauge({
    name: 'quitute_projection_lag',
    help: 'Global positions between the event log head and what each projection has applied (events on PostgreSQL/PGlite; log bytes on EventStoreDB).',
    labelNames: ['projection'] as const,
    registers,
    async collect() {
      this.reset();
      if (!projections || !headPosition) return;
      let head: number;
      try {
        head = await headPosition();
      } catch {
        // The store is unreachable: no lag this scrape, but the rest of it still answers.
        return;
      }
      for (const { projection, position } of projections()) {
        this.set({ projection }, Math.max(0, head - position));
      }
    },
  });
  let socketConnections: (() => number) | undefined;
  new Gauge({
    name: 'quitute_socket_connections',
    help: 'Socket.io connections open on this process.',
    registers,
    collect() {
      this.set(socketConnections?.() ?? 0);
    },
  });

  /** The answer to a request for /metrics, or null when it must look absent (404). */
  const answer = async (
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<'answered' | 'absent'> => {
    const { access } = options;
    if (access === 'closed' || (access === 'loopback' && !isLocalClient(req))) return 'absent';
    if (typeof access === 'object' && !bearerMatches(req, access.token)) {
      res.statusCode = 401;
      res.setHeader('www-authenticate', 'Bearer');
      res.setHeader('content-type', 'application/json; charset=utf-8');
      const message = req.headers.authorization
        ? accountMessages.tokenInvalid
        : accountMessages.tokenMissing;
      res.end(JSON.stringify({ message, code: 'unauthorized' }));
      return 'answered';
    }
    const body = await registry.metrics();
    res.statusCode = 200;
    res.setHeader('content-type', registry.contentType);
    res.setHeader('cache-control', 'no-store');
    res.end(body);
    return 'answered';
  };
  const isMetricsRequest = (req: IncomingMessage) =>
    req.method === 'GET' && (req.url ?? '').split('?', 1)[0] === '/metrics';

  return {
    registry,
    http(req, res, next) {
      if (isMetricsRequest(req)) {
        answer(req, res).then((outcome) => (outcome === 'absent' ? next() : undefined), next);
        return;
      }
      const stop = requestDuration.startTimer();
      res.once('finish', () => {
        stop({
          method: KNOWN_METHODS.has(req.method) ? req.method : 'other',
          route: routeLabel(req),
          status_code: String(res.statusCode),
        });
      });
      next();
    },
    async serve(req, res) {
      if (!isMetricsRequest(req)) return false;
      const reply = (status: number, body: { message: string; code: string }) => {
        res.statusCode = status;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(body));
      };
      try {
        if ((await answer(req, res)) === 'absent') {
          reply(404, { message: messages.notFound, code: 'not_found' });
        }
      } catch {
        reply(500, { message: messages.internalError, code: 'internal' });
      }
      return true;
    },
    commandHandled(command) {
      commandsHandled.inc({ command });
    },
    commandRejected(command, reason) {
      commandsRejected.inc({ command, reason });
    },
    countAppends(store) {
      return {
        async appendToStream(streamName, events, appendOptions) {
          const result = await store.appendToStream(streamName, events, appendOptions);
          for (const event of events) eventsAppended.inc({ event_type: event.type });
          return result;
        },
        readStream: (streamName, readOptions) => store.readStream(streamName, readOptions),
        readAll: (readOptions) => store.readAll(readOptions),
        subscribeToAll: (subscribeOptions) => store.subscribeToAll(subscribeOptions),
        headPosition: () => store.headPosition(),
        settledPosition: (settleOptions) => store.settledPosition(settleOptions),
        ...(store.releaseReadMemory && {
          releaseReadMemory: store.releaseReadMemory.bind(store),
        }),
        close: () => store.close(),
      };
    },
    countMessages(bus) {
      return {
        async publish(topic, messages) {
          await bus.publish(topic, messages);
          busPublished.inc({ topic }, messages.length);
        },
        subscribe: (topic, groupId, handler) =>
          bus.subscribe(topic, groupId, async (message) => {
            await handler(message);
            busConsumed.inc({ topic });
          }),
        close: () => bus.close(),
      };
    },
    watchProjections(progress, head) {
      projections = progress;
      headPosition = head;
    },
    watchSocketConnections(count) {
      socketConnections = count;
    },
  };
}
