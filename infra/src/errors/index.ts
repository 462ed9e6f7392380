/**
 * One error family, mapped to HTTP status codes in one middleware (STYLE rule 7).
 * `message` is the pt-BR text the user sees; `code` is stable for programs.
 */
export type ErrorCode =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'revision_conflict'
  | 'too_large'
  | 'too_many_requests'
  | 'unavailable';

const statusByCode: Record<ErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  revision_conflict: 412,
  too_large: 413,
  too_many_requests: 429,
  unavailable: 503,
};

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const validationError = (message: string, fields?: Record<string, string>) =>
  new AppError('validation', message, fields);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const unavailable = (message: string) => new AppError('unavailable', message);
