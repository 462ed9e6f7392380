import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RequestHandler } from 'express';
import { ConfigError } from '@quitute/infra/config';
import { createLogger } from '@quitute/infra/logging';
import { loadEmbeddedConfig, type EmbeddedConfig } from './config';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { outboxWarning, startupBanner } from './startup-report';

/**
 * The whole shop in one process (ARCHITECTURE §3, embedded topology). A bad
 * setting or a failed start ends the process with one readable line.
 */
export async function runShop(
  options: {
    web?: (config: EmbeddedConfig) => Promise<RequestHandler[]>;
    /** Where to listen when HOST is unset (every interface by default). */
    defaultHost?: string;
  } = {},
): Promise<void> {
  let config;
  try {
    config = loadEmbeddedConfig(
      process.env,
      options.defaultHost ? { host: options.defaultHost } : {},
    );
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
    const web = options.web ? await options.web(config) : undefined;
    server = await createEmbeddedServer(config, logger, web ? { web } : {});
    // Before serving after a restart; a few seconds after it began serving when this start
    // built the read models (once they share their strings and are saved).
    void server.startSettled().then(collectStartGarbage);
    url = await server.listen();
  } catch (error) {
    logger.fatal(
      { err: error },
      `Quitute could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }

  // Ctrl-C reaches both npm and this process, and npm forwards it again: a
  // second signal while closing must not kill the process before the data
  // directory is released. Listened for before the shop says it is open: whoever
  // waits for that line (a supervisor, a test) and then stops it gets a clean stop,
  // not the default action of a signal nobody listens for.
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
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const warning = outboxWarning({
    mailTransport: server.mailer.transport,
    publicUrl: config.publicUrl ?? url,
  });
  if (warning) logger.warn(warning);
  const mailboxUrl =
    server.mailer.transport === 'outbox' && !config.production ? `${url}/dev/mailbox` : undefined;
  if (process.stdout.isTTY) {
    console.log(
      startupBanner({
        url,
        admin: server.admin,
        ...(mailboxUrl ? { mailboxUrl } : {}),
        paymentSimulator: server.paymentGateway.provider === 'simulator',
      }),
    );
  } else {
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
  }
}

/**
 * What building the shop left behind (read models read back, the log folded,
 * the strings the read models no longer hold once shared) collected at once,
 * rather than whenever V8 gets to it (long after the shop goes quiet, and then
 * without giving the pages back). One full collection that also compacts every
 * page it leaves partly used, pausing the shop once (figures: BENCHMARKS.md).
 */
function collectStartGarbage(): void {
  // How Node hands out V8's collector without --expose-gc on the command line.
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc !== 'function') return;
  setFlagsFromString('--compact-on-every-full-gc');
  gc();
  setFlagsFromString('--no-compact-on-every-full-gc');
}
