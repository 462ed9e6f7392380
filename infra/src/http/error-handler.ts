import type { ErrorRequestHandler, RequestHandler } from 'express';
import { messages } from '@quitute/contracts';
import { AppError } from '../errors';
import { DuplicateEventIdError, WrongExpectedRevisionError } from '../event-store/port';
import type { Logger } from '../logging';

interface BodyParserError {
  type: string;
  status: number;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'type' in error &&
    typeof error.type === 'string' &&
    'status' in error &&
    typeof error.status === 'number'
  );
}

/** The one place errors become HTTP answers: `{ message, code, fields? }`, never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof AppError) {
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
    if (isBodyParserError(error) && error.status >= 400 && error.status < 500) {
      res.status(error.status).json({ message: messages.invalidRequest, code: 'validation' });
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
