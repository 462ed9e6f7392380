import type { Logger } from '../logging';
import { createKafkaBus } from './kafka';
import { createMemoryBus } from './memory';
import type { Bus } from './port';
import { createRedisStreamsBus } from './redis-streams';

export type { Bus, BusMessage, BusSubscription } from './port';
export type { KafkaBusOptions } from './kafka';
export type { MemoryBus, MemoryBusOptions } from './memory';
export type { RedisStreamsBusOptions } from './redis-streams';
export type { SeenIds } from './dedupe';
export { dedupeById, recentIds } from './dedupe';
export { createKafkaBus, createMemoryBus, createRedisStreamsBus };

/**
 * Kafka when `kafkaBrokers` is set and not empty (ARCHITECTURE §2), else Redis
 * Streams when `busUrl` (BUS_URL) is set — several processes without Kafka —,
 * otherwise the in-process bus. The Kafka and Redis adapters load their client
 * libraries only when created, so the embedded topology never loads them.
 */
export async function createBus(config: {
  kafkaBrokers?: string[] | undefined;
  busUrl?: string | undefined;
  clientId: string;
  logger?: Logger | undefined;
}): Promise<Bus> {
  if (config.kafkaBrokers && config.kafkaBrokers.length > 0) {
    return createKafkaBus({ brokers: config.kafkaBrokers, clientId: config.clientId });
  }
  if (config.busUrl) {
    return createRedisStreamsBus({
      url: config.busUrl,
      clientId: config.clientId,
      ...(config.logger ? { logger: config.logger } : {}),
    });
  }
  return createMemoryBus();
}
