import { StoreUnavailableError } from './port';

/** Socket errors of a server that is down or unreachable. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception),
 * 57P01–57P03 (shutting down, crashed, starting up: "the database system is
 * starting up").
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/** What `pg` throws, without a code, when a connection dies under a query. */
const CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error)/;

/** Whether a driver error means the PostgreSQL server is down or unreachable (not a bad query). */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) return UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code);
  if (CONNECTION_LOST.test(error.message)) return true;
  // Several addresses tried (localhost: ::1 and 127.0.0.1), each refused.
  return error instanceof AggregateError && error.errors.some(isConnectionFailure);
}

/** The error as callers should see it: StoreUnavailableError when the server is unreachable. */
export function asStoreError(error: unknown): unknown {
  return isConnectionFailure(error) ? new StoreUnavailableError(error) : error;
}
