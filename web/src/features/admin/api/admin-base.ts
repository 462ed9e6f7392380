import type {
  BaseQueryApi,
  FetchArgs,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
  QueryReturnValue,
} from '@reduxjs/toolkit/query/react';
import type { adminCommandAnswerSchema } from '@quitute/contracts';
import { z } from 'zod';
import { queryApi } from '../../../api/query-api';
import { isRecord } from '../../../lib/is-record';
import { adminTexts } from '../model/admin-texts';

/** The tags of the admin reads; a mutation invalidates the ones whose figures it changes. */
export const ADMIN_TAGS = [
  'AdminProducts',
  'AdminOrders',
  'AdminUsers',
  'AdminSales',
  'AdminDashboard',
  'AdminNotifications',
] as const;
export type AdminTag = (typeof ADMIN_TAGS)[number];

/** The query API with the admin tags (the menu's 'Product' tag is already there). */
export const adminQueryApi = queryApi.enhanceEndpoints({ addTagTypes: ADMIN_TAGS });

/**
 * The global position of the admin's last write, kept in the query cache (the
 * store has no admin slice: admin code loads only on /admin routes). Reads send
 * it back as X-Min-Position, so the list shown after a change includes it
 * (ARCHITECTURE §4, read-your-writes).
 */
const lastWriteApi = adminQueryApi.injectEndpoints({
  endpoints: (build) => ({
    adminLastWrite: build.query<number, undefined>({
      queryFn: () => ({ data: 0 }),
      // Kept for the whole visit: it is one number.
      keepUnusedDataFor: 24 * 60 * 60,
    }),
  }),
});

type LastWriteState = Parameters<
  ReturnType<typeof lastWriteApi.endpoints.adminLastWrite.select>
>[0];

function hasQueryCache(state: unknown): state is LastWriteState {
  return isRecord(state) && isRecord(state[queryApi.reducerPath]);
}

const selectLastWrite = lastWriteApi.endpoints.adminLastWrite.select(undefined);

/** The position the next admin read waits for, or null before any write. */
export function lastWritePosition(state: unknown): number | null {
  if (!hasQueryCache(state)) return null;
  const position = selectLastWrite(state).data;
  return position ? position : null;
}

/** Remembers a write's position (the highest seen wins). */
export function recordWrite(api: Pick<BaseQueryApi, 'dispatch' | 'getState'>, position: number) {
  const previous = lastWritePosition(api.getState()) ?? 0;
  if (position <= previous) return;
  api.dispatch(
    lastWriteApi.util.upsertQueryEntries([
      { endpointName: 'adminLastWrite', arg: undefined, value: position },
    ]),
  );
}

type Result<T> = QueryReturnValue<T, FetchBaseQueryError, FetchBaseQueryMeta>;
type BaseQuery = (args: string | FetchArgs) => Result<unknown> | PromiseLike<Result<unknown>>;

/** admin-spec §5: an answer that is not the expected shape. */
export function invalidResponse(): FetchBaseQueryError {
  return {
    status: 'CUSTOM_ERROR',
    error: adminTexts.invalidResponse,
    data: { message: adminTexts.invalidResponse },
  };
}

/** Query-string parameters, without the empty ones (an "all" filter or a blank search is omitted). */
export function params(values: Record<string, string | number | undefined>) {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') out[key] = String(value);
  }
  return out;
}

/** A GET of the admin API: waits for the admin's last write and parses the answer at the edge. */
export async function adminRead<T>(
  api: BaseQueryApi,
  baseQuery: BaseQuery,
  request: { url: string; params?: Record<string, string> },
  schema: z.ZodType<T>,
): Promise<Result<T>> {
  const position = lastWritePosition(api.getState());
  const result = await baseQuery({
    ...request,
    headers: position === null ? {} : { 'X-Min-Position': String(position) },
  });
  if (result.error) return { error: result.error };
  const parsed = schema.safeParse(result.data);
  return parsed.success ? { data: parsed.data } : { error: invalidResponse() };
}

/**
 * The part of the commands' answer (contracts' adminCommandAnswerSchema) that
 * the web app reads. Not imported at run time: the contracts' commands module
 * shares messages with the shop's entry, and importing it from admin code
 * splits them into extra chunks every shop page loads.
 */
const writeAnswerSchema = z.object({
  position: z.number().int().nonnegative(),
}) satisfies z.ZodType<Pick<z.infer<typeof adminCommandAnswerSchema>, 'position'>>;

/**
 * A POST/PUT/DELETE of the admin API (command-api). On success the command's
 * position is recorded and the admin reads it affects are invalidated, in that
 * order, so their refetch waits for the write.
 */
async function adminWrite<T>(
  api: BaseQueryApi,
  baseQuery: BaseQuery,
  request: FetchArgs,
  invalidates: readonly (AdminTag | 'Product')[],
  read: (answer: unknown) => T,
): Promise<Result<T>> {
  const result = await baseQuery(request);
  if (result.error) return { error: result.error };
  // The command is done either way; only a well-formed answer tells how far reads must catch up.
  const answer = writeAnswerSchema.safeParse(result.data);
  if (answer.success) recordWrite(api, answer.data.position);
  api.dispatch(adminQueryApi.util.invalidateTags([...invalidates]));
  return { data: read(result.data) };
}

/** `prefix/id`, the id encoded. */
export function path(prefix: string, id: string): string {
  return `${prefix}/${encodeURIComponent(id)}`;
}

/**
 * An admin GET endpoint (query-api, admin-spec §7): `request(arg)` read
 * through adminRead, providing `tags`. Cached only while a page shows it:
 * leaving the admin area (a logout) drops the admin data at once.
 */
export function adminQuery<T, A>(
  request: (arg: A) => { url: string; params?: Record<string, string> },
  schema: z.ZodType<T>,
  tags: readonly AdminTag[],
) {
  return {
    queryFn: (arg: A, api: BaseQueryApi, _extra: unknown, baseQuery: BaseQuery) =>
      adminRead(api, baseQuery, request(arg), schema),
    providesTags: [...tags],
    keepUnusedDataFor: 0,
  };
}

/** An admin mutation (command-api, admin-spec §7): `request(arg)` sent through adminWrite. */
export function adminCommand<A>(
  request: (arg: A) => FetchArgs,
  invalidates: readonly (AdminTag | 'Product')[],
) {
  return {
    queryFn: (arg: A, api: BaseQueryApi, _extra: unknown, baseQuery: BaseQuery) =>
      adminWrite(api, baseQuery, request(arg), invalidates, () => null),
  };
}

/**
 * An admin mutation whose answer says more than its position: `read` takes
 * what the page shows from it (the command is done whatever it finds).
 */
export function adminCommandReading<A, T>(
  request: (arg: A) => FetchArgs,
  invalidates: readonly (AdminTag | 'Product')[],
  read: (answer: unknown) => T,
) {
  return {
    queryFn: (arg: A, api: BaseQueryApi, _extra: unknown, baseQuery: BaseQuery) =>
      adminWrite(api, baseQuery, request(arg), invalidates, read),
  };
}
