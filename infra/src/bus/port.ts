import type { JsonObject } from '../event-store/port';

/**
 * The Bus port: integration events between services. Delivery is
 * at-least-once and ordered per key; consumers de-duplicate by `id`
 * (the source event id).
 */

export interface BusMessage {
  /** The source event id: the de-duplication key. */
  id: string;
  /** Ordering key (e.g. the aggregate id): messages with one key arrive in publish order. */
  key: string;
  type: string;
  payload: JsonObject;
}

export interface BusSubscription {
  stop(): Promise<void>;
}

export interface Bus {
  publish(topic: string, messages: readonly BusMessage[]): Promise<void>;
  /**
   * Every consumer group receives every message published after it subscribed
   * (and, where the adapter keeps history, those before it); within a group each
   * message is handled by one consumer. A throw from the handler redelivers it.
   */
  subscribe(
    topic: string,
    groupId: string,
    handler: (message: BusMessage) => Promise<void>,
  ): Promise<BusSubscription>;
  close(): Promise<void>;
}
