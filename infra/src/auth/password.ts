import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { messages } from '@quitute/contracts';
import { boundedGate } from '../gate';
import { AppError } from '../errors';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * Passwords hashed with scrypt, a memory-hard KDF (ARCHITECTURE §5), at the
 * OWASP Password Storage Cheat Sheet's setting: N = 2^17, r = 8, p = 1 (128 MiB
 * and a large fraction of a second of a core per hash), off the event loop. The parameters travel inside the hash (`scrypt$N$r$p$salt$key`),
 * so older hashes keep verifying and are replaced on the next login.
 */
export const OWASP_SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      // scrypt needs 128·N·r bytes; Node refuses above maxmem, whose default (32 MiB) is too small.
      { N, r, p, maxmem: 128 * N * r * p + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = OWASP_SCRYPT_PARAMS,
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

function parseHash(hash: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = hashPattern.exec(hash);
  if (!match) return null;
  const [, n, r, p, salt, key] = match;
  const expected = Buffer.from(key ?? '', 'base64');
  if (expected.length !== KEY_LENGTH) return null;
  return {
    params: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt ?? '', 'base64'),
    key: expected,
  };
}

/** Constant-time comparison, with the parameters stored in the hash; a malformed hash never matches. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  return timingSafeEqual(await derive(password, parsed.salt, parsed.params), parsed.key);
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** `outdated`: the hash was made with other parameters than this hasher's; replace it once the password matched. */
  verify(password: string, hash: string): Promise<{ matches: boolean; outdated: boolean }>;
  /**
   * Spends the time of a real check against a hash nobody's password matches, so
   * an unknown e-mail answers as slowly as a wrong password (no enumeration by timing).
   */
  verifyAgainstDecoy(password: string): Promise<false>;
}

/**
 * How many hashes run at once, and how many may wait: each one holds 128 MiB
 * and a core for a large fraction of a second, and every solved captcha buys a stranger one, so
 * without a bound a few dozen addresses could queue minutes of work and
 * gigabytes behind a customer's login. Past the queue the answer is a quick 503.
 */
export interface HashingLimits {
  running: number;
  waiting: number;
}

export const DEFAULT_HASHING_LIMITS: Readonly<HashingLimits> = { running: 2, waiting: 16 };

/**
 * The shop's hasher. The parameters are a constructor argument, never an
 * environment variable a deployment could lower by mistake: only tests pass
 * cheaper ones.
 */
export function createPasswordHasher(
  params: ScryptParams = OWASP_SCRYPT_PARAMS,
  limits: HashingLimits = DEFAULT_HASHING_LIMITS,
): PasswordHasher {
  const current = { N: params.N, r: params.r, p: params.p };
  const gated = boundedGate(limits, () => new AppError('unavailable', messages.unavailable));
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => gated(() => hashPassword(password, current)),
    async verify(password, hash) {
      const matches = await gated(() => verifyPassword(password, hash));
      const stored = parseHash(hash)?.params;
      const outdated =
        !stored || stored.N !== current.N || stored.r !== current.r || stored.p !== current.p;
      return { matches, outdated };
    },
    async verifyAgainstDecoy(password) {
      decoy ??= hashPassword(randomBytes(24).toString('base64'), current);
      const target = await decoy;
      await gated(() => verifyPassword(password, target));
      return false;
    },
  };
}
