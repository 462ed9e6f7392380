import { ConfigError } from '@quitute/infra/config';
import { createLogger } from '@quitute/infra/logging';
import { loadEmbeddedConfig } from './config';
import type { RequestHandler } from 'express';
import { createEmbeddedServer, type EmbeddedServer } from './server';

/**
 * The whole shop in one process (ARCHITECTURE §3, embedded topology). A bad
 * setting or a failed start ends the process with one readable line.
 */
export async function runShop(
  options: { web?: () => Promise<RequestHandler[]> } = {},
): Promise<void> {
  let config;
  try {
    config = loadEmbeddedConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, name: 'quitute' });
  let server: EmbeddedServer;
  let url: string;
  try {
    const web = options.web ? await options.web() : undefined;
    server = await createEmbeddedServer(config, logger, web ? { web } : {});
    url = await server.listen();
  } catch (error) {
    logger.fatal(
      { err: error },
      `Quitute could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  if (server.admin.created) {
    logger.warn(
      { email: server.admin.email },
      server.admin.generated
        ? `Admin account created: ${server.admin.email} with password ${server.admin.password} (shown only this once; set ADMIN_PASSWORD to choose it)`
        : `Admin account created: ${server.admin.email} with the password in ADMIN_PASSWORD`,
    );
  }
  logger.info(
    {
      eventStore: config.eventStoreUrl ? config.eventStoreUrl.split('://')[0] : 'pglite',
      readStore: config.mongoUrl ? 'mongodb' : 'memory',
      bus: config.kafkaBrokers ? 'kafka' : 'in-process',
      dataDir: config.dataDir,
    },
    `Quitute is open at ${url}/cardapio`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}
