import { randomBytes, randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { normalizeEmail, registerPasswordField } from '@quitute/contracts';
import { createPasswordHasher, type PasswordHasher } from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import type { CommandStores } from '../shared/handle-command';
import { findUserByEmail, registerUser } from './accounts';

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
 * password one is generated and returned, so the caller prints it once; later
 * starts find the account and change nothing. Of replicas starting together on
 * an empty store, only the one whose registration was appended reports a
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
  if (await findUserByEmail(store, options.email)) return { created: false };
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
      {
        email: options.email,
        name: 'Administrador',
        password,
        role: 'admin',
        userId: adminUserId(options.email),
      },
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
      (await findUserByEmail(store, options.email)) !== null;
    if (madeMeanwhile) return { created: false };
    throw error;
  }
  return { created: true, email: options.email, password, generated };
}
