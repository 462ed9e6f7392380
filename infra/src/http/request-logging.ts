import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logging';

/** `(options) => pinoHttp(options)`: the services depend on pino-http, infra does not. */
export type HttpLoggerFactory = (options: {
  logger: Logger;
  autoLogging: { ignore: (req: IncomingMessage) => boolean };
}) => (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * One line per request (not for /health) through pino-http, at info, and
 * nothing at all while the logger drops info: pino-http's per-request child
 * logger and listeners cost ~30% of a small GET's throughput even with a
 * silent logger. Checked per request, so a level changed at run time applies.
 * Unhandled errors are still logged by the error handler.
 */
export function requestLogging(logger: Logger, pinoHttp: HttpLoggerFactory): RequestHandler {
  const httpLogger = pinoHttp({ logger, autoLogging: { ignore: (req) => req.url === '/health' } });
  return (req, res, next) => {
    if (logger.isLevelEnabled('info')) httpLogger(req, res, next);
    else next();
  };
}
