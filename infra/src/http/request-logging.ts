import type { RequestHandler } from 'express';
import type { Logger } from '../logging';

/**
 * The path as it may be written to a log: no query string (it can carry
 * anything), and the token of a password-reset link (`/reset/<token>`)
 * replaced, since whoever reads the log could otherwise take the account.
 */
export function loggablePath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.replace(/^\/reset\/[^/]+/, '/reset/[redacted]');
}

/**
 * One short line per request at debug (not for /health): method, path,
 * status, milliseconds; no headers. Nothing at all, not even a listener,
 * while the logger drops debug: checked per request, so a level changed at
 * run time applies. Unhandled errors are still logged by the error handler.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (req.path === '/health' || !logger.isLevelEnabled('debug')) {
      next();
      return;
    }
    const started = performance.now();
    res.once('finish', () => {
      const ms = Math.round(performance.now() - started);
      logger.debug(`${req.method} ${loggablePath(req.originalUrl)} ${res.statusCode} ${ms}ms`);
    });
    next();
  };
}
