import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@quitute/infra/logging';

export const adminPasswordFileName = 'admin-password.txt';

/**
 * Reports the admin account the first start created. A generated password is
 * never logged (container logs are kept, shipped and read by more people than
 * the shop's owner): it goes to DATA_DIR/admin-password.txt, readable by this
 * process's user only (0600), and the log says where. Written beside and renamed
 * over any older file, so it is never readable by others, not even half-written.
 */
export async function reportCreatedAdmin(
  logger: Pick<Logger, 'warn'>,
  dataDir: string,
  admin: { email: string; password: string; generated: boolean },
): Promise<void> {
  if (!admin.generated) {
    logger.warn(`Admin account created: ${admin.email} with the password in ADMIN_PASSWORD`);
    return;
  }
  await mkdir(dataDir, { recursive: true });
  const file = path.resolve(dataDir, adminPasswordFileName);
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(
    partial,
    [
      'The admin account created on the first start. Change its password in /admin,',
      'then delete this file.',
      `e-mail: ${admin.email}`,
      `password: ${admin.password}`,
      '',
    ].join('\n'),
    { mode: 0o600, flag: 'wx' },
  );
  await rename(partial, file);
  logger.warn(
    `Admin account created: ${admin.email}; its generated password is in ${file} (readable by this user only: note it, then delete the file)`,
  );
}
