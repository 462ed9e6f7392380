import type { ErrorRequestHandler, RequestHandler } from 'express';
import { messages } from '@quitute/contracts';
import { AppError } from '../errors';
import {
  DuplicateEventIdError,
  StoreUnavailableError,
  WrongExpectedRevisionError,
} from '../event-store/port';
import type { Logger } from '../logging';

/**
 * A client's mistake caught before our code runs: body-parser's errors (a body
 * that is not JSON, too large, in an unknown charset; they carry a `type`) and
 * the router's URIError for a path parameter that is not percent-encoded UTF-8.
 * Other errors with a 4xx `status` (a provider's answer, say) stay unhandled.
 */
function clientErrorStatus(error: unknown): number | null {
  if (
    typeof error !== 'object' ||
    error === null ||
    !('status' in error) ||
    typeof error.status !== 'number' ||
    error.status < 400 ||
    error.status >= 500
  )
    return null;
  const fromBodyParser = 'type' in error && typeof error.type === 'string';
  return fromBodyParser || error instanceof URIError ? error.status : null;
}

/** How long a client should wait before trying again when a store's server is down. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** The one place errors become HTTP answers: `{ message, code, fields? }`, never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof AppError) {
      // Unavailable for now (a lookup service down, a log still settling): say when to ask again.
      if (error.status === 503) res.set('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      res.status(error.status).json({
        message: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
      return;
    }
    if (error instanceof WrongExpectedRevisionError) {
      res.status(412).json({ message: messages.revisionConflict, code: 'revision_conflict' });
      return;
    }
    if (error instanceof DuplicateEventIdError) {
      // A reused id names another event: the request conflicts with what is stored, and
      // reloading (the 412 advice) would not help.
      logger.warn({ err: error }, 'event id reused with other content');
      res.status(409).json({ message: messages.duplicateEvent, code: 'conflict' });
      return;
    }
    if (error instanceof StoreUnavailableError) {
      // Nothing was acknowledged: the client may retry (with the same Idempotency-Key).
      logger.warn({ err: error }, 'store unavailable');
      res.set('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      res.status(503).json({ message: messages.unavailable, code: 'unavailable' });
      return;
    }
    const clientStatus = clientErrorStatus(error);
    if (clientStatus === 413) {
      res.status(413).json({ message: messages.requestTooLarge, code: 'too_large' });
      return;
    }
    if (clientStatus !== null) {
      res.status(clientStatus).json({ message: messages.invalidRequest, code: 'validation' });
      return;
    }
    logger.error({ err: error }, 'unhandled error');
    res.status(500).json({ message: messages.internalError, code: 'internal' });
  };
}

/** Unknown API paths answer JSON, not the SPA's HTML. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: messages.notFound, code: 'not_found' });
};
