import type { Bus } from '@quitute/infra/bus';
import type { EventStore } from '@quitute/infra/event-store';
import type { Lease, LeaseHolderStatus } from '@quitute/infra/lease';
import type { Logger } from '@quitute/infra/logging';
import type { Metrics } from '@quitute/infra/metrics';
import { combineHealth, type HealthReport } from '@quitute/infra/projection-progress';
import type { ReadStore } from '@quitute/infra/read-store';
import { LeaseHolder } from './lease-holder';
import { createPaymentRelay } from './payments/payment-relay';
import { projectionProgress } from './projection-progress';
import { projections } from './registry';
import { ProjectionRunner } from './runner';

export interface ProjectionsDeps {
  eventStore: EventStore;
  /** Where the read models and the checkpoints live; closed by the caller. */
  readStore: ReadStore;
  /** Where the relay publishes payment approvals. */
  bus: Bus;
  logger: Logger;
  metrics: Metrics;
}

interface ProjectionsLifecycle {
  /**
   * /health: the runner's and the relay's; a stand-by is healthy (restarting it would only
   * lose the next take-over), unless it gave the lease up because its own term failed.
   */
  health(): HealthReport;
  /** What acts on its own: the relay (scaled out, the whole term: runner and relay). */
  stop(): Promise<void>;
  /** Once no read waits on the runner any more: the runner (scaled out, nothing left). */
  close(): Promise<void>;
}

/** The projections of a process that runs them alone (the embedded shop). */
export interface Projections extends ProjectionsLifecycle {
  readonly runner: ProjectionRunner;
  /** Starts the runner; resolves once it has caught up with the log. */
  start(): Promise<void>;
  /**
   * Starts the relay, once the bus's consumers listen: the in-process bus
   * delivers only to the groups already subscribed.
   */
  startRelay(): Promise<void>;
}

/** The projections of one instance among several (distributed): they run only while it holds the lease. */
export interface LeasedProjections extends ProjectionsLifecycle {
  /** The current term's runner, while holding the lease. */
  readonly runner: ProjectionRunner | undefined;
  /** 'waiting' as a stand-by, 'running' while holding the lease. */
  readonly status: LeaseHolderStatus;
  /** Starts contending for the lease in the background; the runner and the relay run in each term. */
  start(): Promise<void>;
}

/**
 * The projections service wired once (ARCHITECTURE §1): its own main, under the
 * lease, and the embedded shop, alone, both call it; config is read by the caller.
 */
export function composeProjections(deps: ProjectionsDeps): Projections;
export function composeProjections(deps: ProjectionsDeps & { lease: Lease }): LeasedProjections;
export function composeProjections(
  deps: ProjectionsDeps & { lease?: Lease },
): Projections | LeasedProjections {
  const { eventStore, bus, logger, metrics } = deps;
  const runnerOver = (readStore: ReadStore) =>
    new ProjectionRunner({ eventStore, readStore, projections, logger });
  const relayOver = (readStore: ReadStore) =>
    createPaymentRelay({ eventStore, bus, readStore, logger });
  const watch = (runner: () => ProjectionRunner | undefined) =>
    metrics.watchProjections(
      () => {
        const current = runner();
        return current ? projectionProgress(current, projections) : [];
      },
      () => eventStore.headPosition(),
    );

  if (deps.lease) {
    const holder = new LeaseHolder({
      lease: deps.lease,
      readStore: deps.readStore,
      logger,
      createRunner: runnerOver,
      // It publishes each approval once for the whole deployment: only the lease holder runs it.
      createWorkers: (store) => ({ 'payment-relay': relayOver(store) }),
    });
    watch(() => holder.runner);
    return {
      get runner() {
        return holder.runner;
      },
      get status() {
        return holder.status;
      },
      health: () => holder.health(),
      start: async () => holder.start(),
      stop: () => holder.stop(),
      close: async () => {},
    };
  }

  const runner = runnerOver(deps.readStore);
  const relay = relayOver(deps.readStore);
  watch(() => runner);
  return {
    runner,
    health: () => combineHealth(runner.health(), relay.health()),
    start: () => runner.start(),
    startRelay: () => relay.start(),
    stop: () => relay.close(),
    close: () => runner.stop(),
  };
}
