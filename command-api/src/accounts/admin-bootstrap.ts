import { randomBytes, randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { normalizeEmail, registerPasswordField } from '@quitute/contracts';
import { createPasswordHasher, type PasswordHasher } from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import { readAggregate, type CommandStores } from '../shared/handle-command';
import { findUserByEmail, registerUser, userStream } from './accounts';
import type { UserState } from './decider';

export const DEFAULT_ADMIN_EMAIL = 'admin@quitute.com.br';

const ADMIN_NAMESPACE = '3e9c8d52-1f6a-4b0e-9d7c-5a2b8e4f1c63';

/** Every replica derives the same id, so replicas starting together compete for one account. */
export function adminUserId(email: string): string {
  return uuidv5(`admin:${normalizeEmail(email)}`, ADMIN_NAMESPACE);
}

/** A password that passes the register rules: 18 random characters plus an uppercase letter and a digit. */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}A7`;
}

/**
 * On first start, creates the admin account (ARCHITECTURE §3). Without a given
 * password one is generated and returned, so the caller prints it once. Later
 * starts find the account by what they created, its id (derived from the
 * e-mail), not by the e-mail: an owner who gave it her own e-mail, or created
 * her own admin and deleted this one, restarts the shop with a warning in the
 * log and nothing changed (issue 37). Of replicas starting together on an
 * empty store, only the one whose registration was appended reports a
 * password; the others find the account made meanwhile and report nothing.
 */
export async function ensureAdmin(
  store: CommandStores,
  options: {
    email: string;
    password?: string | undefined;
    now: () => Date;
    passwords?: PasswordHasher;
  },
): Promise<
  { created: false } | { created: true; email: string; password: string; generated: boolean }
> {
  const userId = adminUserId(options.email);
  const { state } = await readAggregate(userStream(store, userId));
  if (state.status !== 'absent') {
    warnIfMoved(store, state, options.email);
    return { created: false };
  }
  // An admin made before its id was derived from the e-mail, or an ADMIN_EMAIL another account has: left as it is.
  const holder = await findUserByEmail(store, options.email);
  if (holder) {
    if (holder.user.role !== 'admin') {
      store.logger.warn(
        { userId: holder.user.userId, adminEmail: options.email },
        'ADMIN_EMAIL belongs to a customer account: no admin is created and that account stays a customer; choose another ADMIN_EMAIL or sign in with an existing admin',
      );
    }
    return { created: false };
  }
  const generated = options.password === undefined;
  const password = options.password ?? generatePassword();
  const checked = registerPasswordField.safeParse(password);
  if (!checked.success) {
    throw new Error(`ADMIN_PASSWORD ${checked.error.issues[0]?.message ?? 'is invalid'}`);
  }
  // Per attempt, not per e-mail: two replicas' events must not share ids, so the
  // store tells them apart (one append wins) instead of taking one for a retry of the other.
  const commandId = `bootstrap-admin:${randomUUID()}`;
  try {
    await registerUser(
      store,
      options.passwords ?? createPasswordHasher(),
      { email: options.email, name: 'Administrador', password, role: 'admin', userId },
      {
        commandId,
        correlationId: commandId,
        occurredAt: options.now().toISOString(),
        actorId: 'system',
        actorRole: 'system',
      },
    );
  } catch (error) {
    const madeMeanwhile =
      error instanceof AppError &&
      error.code === 'conflict' &&
      (await readAggregate(userStream(store, userId))).state.status !== 'absent';
    if (madeMeanwhile) return { created: false };
    throw error;
  }
  return { created: true, email: options.email, password, generated };
}

/**
 * The account a start created, renamed or deleted since by an admin: the start
 * goes on, and the log says once why ADMIN_EMAIL and ADMIN_PASSWORD no longer
 * name a login (the account's e-mail itself is not logged).
 */
function warnIfMoved(
  store: CommandStores,
  state: Exclude<UserState, { status: 'absent' }>,
  email: string,
): void {
  if (state.status === 'deleted') {
    store.logger.warn(
      { userId: state.userId, adminEmail: email },
      'the admin account the first start created (ADMIN_EMAIL) was deleted: no admin is created again; sign in with another admin',
    );
  } else if (state.email !== normalizeEmail(email)) {
    store.logger.warn(
      { userId: state.userId, adminEmail: email },
      'the admin account the first start created (ADMIN_EMAIL) now has another e-mail: sign in with that one; ADMIN_EMAIL and ADMIN_PASSWORD no longer apply',
    );
  }
}
