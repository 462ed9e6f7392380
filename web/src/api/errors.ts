import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

function messageOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('message' in data)) return null;
  const { message } = data;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** The server's `{ message }` when it sent one (spec §8: preferred over generic text), else the fallback. */
export function errorMessage(
  error: FetchBaseQueryError | SerializedError | undefined,
  fallback: string,
): string {
  if (error && 'status' in error) return messageOf(error.data) ?? fallback;
  return fallback;
}
