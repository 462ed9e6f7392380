import type { Server } from 'node:http';
import type { Express, Router } from 'express';
import type { Bus } from '@quitute/infra/bus';
import type { TrustProxy } from '@quitute/infra/config';
import type { Metrics } from '@quitute/infra/metrics';
import { sessionVersionsFromReadModel } from './accounts/routes';
import { createQueryRouter, queryServiceApp, type QueryDeps } from './app';
import { attachSocketGateway, type SocketGateway } from './realtime/socket-gateway';

export interface QueryApiDeps extends QueryDeps {
  /** Where the relay publishes payment approvals, pushed to the customers' sockets. */
  bus: Bus;
  metrics: Metrics;
  /** TRUST_PROXY: whose X-Forwarded-For names the client, for HTTP and for the sockets alike. */
  trustProxy?: TrustProxy;
}

export interface QueryApi {
  /** Every GET of the spec and query-api's own POSTs: what a proxy sends query-api. */
  router: Router;
  /** query-api on its own: the routes in an app with security headers and request logs. */
  app(http: { publicUrl?: string }): Express;
  /**
   * The socket gateway on the server that serves the routes: it consumes the bus
   * from now on (the in-process bus delivers only to groups already listening).
   */
  start(httpServer: Server): Promise<void>;
  /** Stops consuming and disconnects every socket; the HTTP server is its owner's to close. */
  stop(): Promise<void>;
}

/**
 * query-api wired once (ARCHITECTURE §1): its own main and the embedded shop
 * both call it; config is read by the caller.
 */
export function composeQueryApi(deps: QueryApiDeps): QueryApi {
  const sessionVersions = deps.sessionVersions ?? sessionVersionsFromReadModel(deps.readStore);
  const router = createQueryRouter({ ...deps, sessionVersions });
  let gateway: SocketGateway | undefined;
  return {
    router,
    app: (http) =>
      queryServiceApp(router, {
        logger: deps.logger,
        metrics: deps.metrics,
        trustProxy: deps.trustProxy,
        ...http,
      }),
    async start(httpServer) {
      gateway = await attachSocketGateway({
        httpServer,
        tokens: deps.tokens,
        sessionVersions,
        bus: deps.bus,
        logger: deps.logger,
        trustProxy: deps.trustProxy,
      });
      const io = gateway.io;
      deps.metrics.watchSocketConnections(() => io.of('/').sockets.size);
    },
    async stop() {
      await gateway?.close();
    },
  };
}
