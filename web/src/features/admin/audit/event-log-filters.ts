import type { EventLogArgs } from '../api/admin-api';
import { positionOf, shopInputToIso } from './audit-format';

/**
 * The event log's filters as the address holds them (so a view can be
 * shared): text as typed, since/until on the shop's wall clock
 * (`2026-11-25T14:30`), `from` the position the page starts at.
 */
export interface EventLogFilters {
  stream: string;
  category: string;
  type: string;
  actorId: string;
  since: string;
  until: string;
}

export const FILTER_KEYS = ['stream', 'category', 'type', 'actorId', 'since', 'until'] as const;

export function filtersOf(params: URLSearchParams): EventLogFilters {
  const value = (key: (typeof FILTER_KEYS)[number]) => params.get(key)?.trim() ?? '';
  return {
    stream: value('stream'),
    category: value('category'),
    type: value('type'),
    actorId: value('actorId'),
    since: value('since'),
    until: value('until'),
  };
}

/** The page's first position, or undefined (the start of the log) when absent or not a position. */
export function fromOf(params: URLSearchParams): number | undefined {
  return positionOf(params.get('from')) ?? undefined;
}

/** The address of a filtered view, from its first page. */
export function searchOf(filters: EventLogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** What the server is asked: empty filters left out, times sent with the shop's offset. */
export function argsOf(filters: EventLogFilters, from: number | undefined): EventLogArgs {
  const args: EventLogArgs = {};
  if (from !== undefined) args.from = from;
  if (filters.stream) args.stream = filters.stream;
  if (filters.category) args.category = filters.category;
  if (filters.type) args.type = filters.type;
  if (filters.actorId) args.actorId = filters.actorId;
  const since = filters.since ? shopInputToIso(filters.since) : null;
  const until = filters.until ? shopInputToIso(filters.until) : null;
  if (since) args.since = since;
  if (until) args.until = until;
  return args;
}
