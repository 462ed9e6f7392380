import path from 'node:path';
import { z } from 'zod';
import { commonEnv, loadConfig } from '@quitute/infra/config';

export const embeddedEnvSchema = z.object({
  ...commonEnv,
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
});

export interface EmbeddedConfig {
  port: number;
  dataDir: string;
  logLevel: string;
  eventStoreUrl?: string;
  mongoUrl?: string;
  kafkaBrokers?: string[];
}

export function loadEmbeddedConfig(env: NodeJS.ProcessEnv = process.env): EmbeddedConfig {
  const parsed = loadConfig(embeddedEnvSchema, env);
  return {
    port: parsed.PORT,
    dataDir: path.resolve(parsed.DATA_DIR),
    logLevel: parsed.LOG_LEVEL,
    ...(parsed.EVENTSTORE_URL ? { eventStoreUrl: parsed.EVENTSTORE_URL } : {}),
    ...(parsed.MONGO_URL ? { mongoUrl: parsed.MONGO_URL } : {}),
    ...(parsed.KAFKA_BROKERS ? { kafkaBrokers: parsed.KAFKA_BROKERS } : {}),
  };
}
