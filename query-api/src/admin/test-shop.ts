import {
  POSITION_HEADER,
  USERS_COLLECTION,
  type Role,
  type UserDocument,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { silentLogger } from '@quitute/infra/logging';
import { writeCheckpoint } from '@quitute/infra/projection-progress';
import { createMemoryReadStore, type ReadStore } from '@quitute/infra/read-store';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createQueryApp, type QueryDeps } from '../app';

/** Test helper: the admin and a customer of every admin read test. */
export const ADMIN_ID = 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4';
export const CUSTOMER_ID = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';

/** A users_v2 document as the users projection writes it. */
export function aUser(
  id: string,
  name: string,
  role: Role,
  fields: Partial<UserDocument> = {},
): UserDocument {
  return {
    _id: id,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@exemplo.com.br`,
    name,
    phone: '',
    address: '',
    notifications: { email: true, sms: false },
    role,
    isDeleted: false,
    sessionVersion: 0,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...fields,
  };
}

/**
 * Test helper: query-api on a free port over a memory read store holding the
 * admin and a customer, every checkpoint named in `projections` at `position`.
 * `get` sends the admin's token unless told otherwise.
 */
export async function openAdminReads(
  options: {
    projections?: readonly string[];
    position?: number;
    now?: Date;
    deps?: Partial<QueryDeps>;
  } = {},
) {
  const readStore: ReadStore = createMemoryReadStore();
  const tokens = createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789' });
  await readStore
    .collection(USERS_COLLECTION)
    .putMany([aUser(ADMIN_ID, 'Admin', 'admin'), aUser(CUSTOMER_ID, 'Ana Souza', 'user')]);
  const setPosition = (position: number) =>
    Promise.all(
      (options.projections ?? []).map((name) => writeCheckpoint(readStore, name, position)),
    );
  await setPosition(options.position ?? 0);
  const waits: number[] = [];
  const server = await listenOnFreePort(
    createQueryApp({
      readStore,
      waitForPosition: async (position) => {
        waits.push(position);
        return true;
      },
      health: () => ({ status: 'ok' }),
      logger: silentLogger,
      tokens,
      captcha: { challenge: async () => ({}) },
      ...(options.now ? { now: () => options.now ?? new Date() } : {}),
      ...options.deps,
    }),
  );
  const tokenOf = (userId: string, role: Role) =>
    tokens.sign({ userId, email: 'x@exemplo.com.br', name: 'X', role, sessionVersion: 0 });
  const adminToken = tokenOf(ADMIN_ID, 'admin');
  const customerToken = tokenOf(CUSTOMER_ID, 'user');
  const get = (
    path: string,
    {
      token = adminToken,
      headers = {},
    }: { token?: string | null; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.url}${path}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  /** GET as the admin: 200 expected, the body and the X-Position header. */
  const read = async (path: string) => {
    const response = await get(path);
    const body: unknown = await response.json();
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(body)}`);
    }
    return { body, position: Number(response.headers.get(POSITION_HEADER)), response };
  };
  return {
    readStore,
    server,
    get,
    read,
    waits,
    setPosition,
    adminToken,
    customerToken,
    close: () => server.close(),
  };
}
export type AdminReads = Awaited<ReturnType<typeof openAdminReads>>;
