import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({
  tokenSecret: z.string().min(32),
  captchaKey: z.string().min(32),
  /** Signs the payment simulator's webhooks; absent from files written before payments existed. */
  webhookSecret: z.string().min(32).optional(),
});
export type ShopSecrets = Required<z.infer<typeof secretsSchema>>;

const newSecret = () => randomBytes(48).toString('base64url');

/**
 * The embedded shop's signing keys: generated on the first start and kept in
 * DATA_DIR (owner-only), so sessions survive a restart. Servers of the
 * distributed topology take them from JWT_SECRET and CAPTCHA_HMAC_KEY instead.
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<ShopSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = secretsSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
    if (stored.webhookSecret) return { ...stored, webhookSecret: stored.webhookSecret };
    // A data directory from before payments: keep its keys, add the new one.
    const secrets = { ...stored, webhookSecret: newSecret() };
    const aside = `${file}.${process.pid}.tmp`;
    await fs.writeFile(aside, JSON.stringify(secrets), { mode: 0o600 });
    await fs.rename(aside, file);
    return secrets;
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  const secrets: ShopSecrets = {
    tokenSecret: newSecret(),
    captchaKey: newSecret(),
    webhookSecret: newSecret(),
  };
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  // 'wx': two processes racing on a fresh DATA_DIR cannot overwrite each other's keys.
  await fs.writeFile(file, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
  return secrets;
}
