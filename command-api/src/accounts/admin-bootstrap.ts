import { randomBytes } from 'node:crypto';
import { registerPasswordField } from '@quitute/contracts';
import type { CommandStores } from '../shared/load-aggregate';
import { findUserByEmail, registerUser } from './accounts';

export const DEFAULT_ADMIN_EMAIL = 'admin@quitute.com.br';

/** A password that passes the register rules: 18 random characters plus an uppercase letter and a digit. */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}A7`;
}

/**
 * On first start, creates the admin account (ARCHITECTURE §3). Without a given
 * password one is generated and returned, so the caller prints it once; later
 * starts find the account and change nothing.
 */
export async function ensureAdmin(
  store: CommandStores,
  options: { email: string; password?: string | undefined; now: () => Date },
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
  const commandId = `bootstrap-admin:${options.email}`;
  await registerUser(
    store,
    { email: options.email, name: 'Administrador', password, role: 'admin' },
    {
      commandId,
      correlationId: commandId,
      occurredAt: options.now().toISOString(),
      actorId: 'system',
      actorRole: 'system',
    },
  );
  return { created: true, email: options.email, password, generated };
}
