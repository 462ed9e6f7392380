import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { isRecord } from '../lib/is-record';

export type ApiError = FetchBaseQueryError | SerializedError;

function messageOf(data: unknown): string | null {
  if (!isRecord(data)) return null;
  const { message } = data;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** The server's `{ message }`, if the request reached a server that sent one. */
export function serverMessage(error: ApiError | undefined): string | null {
  return error && 'status' in error ? messageOf(error.data) : null;
}

/** The server's `{ message }` when it sent one (spec §8: preferred over generic text), else the fallback. */
export function errorMessage(error: ApiError | undefined, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** The per-field messages of a validation error (`{ fields: { name: 'message' } }`). */
export function serverFieldErrors(error: ApiError | undefined): Record<string, string> {
  if (!error || !('status' in error) || !isRecord(error.data) || !isRecord(error.data['fields'])) {
    return {};
  }
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.data['fields'])) {
    if (typeof message === 'string' && message.trim()) fields[field] = message;
  }
  return fields;
}

/** The request never got an answer: no network, refused connection or timeout. */
export function isConnectionError(error: ApiError | undefined): boolean {
  return (
    error !== undefined &&
    'status' in error &&
    (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')
  );
}

/** The HTTP status of a server answer, or null when there was none. */
export function httpStatus(error: ApiError | undefined): number | null {
  if (!error || !('status' in error)) return null;
  if (typeof error.status === 'number') return error.status;
  return error.status === 'PARSING_ERROR' ? error.originalStatus : null;
}
