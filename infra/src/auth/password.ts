import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords hashed with scrypt, a memory-hard KDF (ARCHITECTURE §5). The
 * parameters travel inside the hash (`scrypt$N$r$p$salt$key`), so they can be
 * raised later without invalidating stored hashes. N = 2^15, r = 8 (32 MiB)
 * takes ~140 ms on this 2-core machine kind, off the event loop.
 */
const DEFAULT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  const { N = 1, r = 1, p = 1 } = params;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 128 * N * r * p + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(
  password: string,
  params: { N: number; r: number; p: number } = DEFAULT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

const hashPattern = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** Constant-time comparison; a malformed hash never matches. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const match = hashPattern.exec(hash);
  if (!match) return false;
  const [, n, r, p, salt, key] = match;
  const expected = Buffer.from(key ?? '', 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, Buffer.from(salt ?? '', 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of a real check against a hash nobody's password matches, so
 * an unknown e-mail answers as slowly as a wrong password (no enumeration by timing).
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(24).toString('base64'));
  await verifyPassword(password, await decoy);
  return false;
}
