import { createKafkaBus } from './kafka';
import { createMemoryBus } from './memory';
import type { Bus } from './port';

export type { Bus, BusMessage, BusSubscription } from './port';
export type { KafkaBusOptions } from './kafka';
export type { MemoryBus, MemoryBusOptions } from './memory';
export type { SeenIds } from './dedupe';
export { dedupeById, recentIds } from './dedupe';
export { createKafkaBus, createMemoryBus };

/**
 * Kafka when `kafkaBrokers` is set and not empty (ARCHITECTURE §2), otherwise
 * the in-process bus. The Kafka adapter imports kafkajs only when it is
 * created, so the embedded topology never loads it.
 */
export async function createBus(config: {
  kafkaBrokers?: string[];
  clientId: string;
}): Promise<Bus> {
  if (!config.kafkaBrokers || config.kafkaBrokers.length === 0) return createMemoryBus();
  return createKafkaBus({ brokers: config.kafkaBrokers, clientId: config.clientId });
}
