import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Captcha } from './port';
import { createMemoryReplayGuard, type ReplayGuard } from './replay-guard';

/**
 * PBKDF2 rather than iterated SHA-256: the browser runs each attempt as one
 * native WebCrypto `deriveBits` call, so a scripted attacker in Node gains
 * little over a real visitor (with SHA-256 every round is a separate async
 * `digest` call in the browser and a native solver is ~7× faster).
 */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * A fraction of a second for the browser's widget to solve (BENCHMARKS.md has
 * the figures). The counter is secret and drawn per challenge, so the solver
 * must try every value up to it; the minimum keeps each one real work.
 */
export const DEFAULT_ALTCHA_COST = 1_000;
export const DEFAULT_ALTCHA_COUNTER: Readonly<{ min: number; max: number }> = {
  min: 100,
  max: 800,
};
export const DEFAULT_ALTCHA_TTL_MS = 10 * 60_000;

export interface AltchaCaptchaOptions {
  hmacKey: string;
  ttlMs?: number;
  now?: () => number;
  /** PBKDF2 iterations per attempt. */
  cost?: number;
  /** Range of the secret counter the solver has to reach. */
  counter?: Readonly<{ min: number; max: number }>;
  /**
   * Where accepted solutions are remembered; in this process's memory unless
   * given. Instances that share one (Redis) accept a solution once in total.
   */
  replayGuard?: ReplayGuard;
}

/** Far above any real payload (~700 characters); refuses huge bodies before decoding. */
const MAX_TOKEN_LENGTH = 4_096;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const hex = z.string().regex(/^(?:[0-9a-f]{2})+$/);

/**
 * What the widget submits: `btoa(JSON.stringify({ challenge: { parameters,
 * signature }, solution }))`. Parameters are strict so that what is verified
 * is exactly what was signed; the widget's test-mode payload
 * (`{ challenge: null, solution: null, test: true }`) fails here.
 */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.strictObject({
      algorithm: z.string(),
      nonce: hex,
      salt: hex,
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: z.string().regex(/^[0-9a-f]+$/),
      keySignature: z.string().optional(),
      memoryCost: z.number().int().positive().optional(),
      parallelism: z.number().int().positive().optional(),
      expiresAt: z.number().positive(),
      data: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .optional(),
    }),
    signature: hex,
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: hex,
    time: z.number().optional(),
  }),
});

type AltchaPayload = z.infer<typeof payloadSchema>;

function parsePayload(token: string): AltchaPayload | null {
  if (token.length > MAX_TOKEN_LENGTH || !BASE64.test(token)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const result = payloadSchema.safeParse(json);
  return result.success ? result.data : null;
}

/**
 * Self-hosted proof of work (ALTCHA v2 challenges, deterministic mode). The
 * challenge is signed, not stored, so issuing one costs no memory; only
 * accepted solutions are remembered (by the replay guard), until they expire.
 */
export function createAltchaCaptcha(options: AltchaCaptchaOptions): Captcha {
  const {
    ttlMs = DEFAULT_ALTCHA_TTL_MS,
    now = Date.now,
    cost = DEFAULT_ALTCHA_COST,
    counter = DEFAULT_ALTCHA_COUNTER,
    replayGuard = createMemoryReplayGuard({ now }),
  } = options;
  if (!options.hmacKey) throw new Error('ALTCHA needs a non-empty HMAC key');
  if (!Number.isInteger(counter.min) || counter.min < 0 || counter.max < counter.min) {
    throw new Error('ALTCHA counter range must be whole numbers with 0 <= min <= max');
  }
  // Domain separation: the configured key may also sign other things (tokens);
  // a signature made here must never be valid there, nor the reverse.
  const hmacSignatureSecret = createHmac('sha256', options.hmacKey)
    .update('quitute/captcha/altcha-challenge')
    .digest('hex');

  const isValidSolution = async (payload: AltchaPayload): Promise<boolean> => {
    // Never a key signature: without it the server re-derives the key from the
    // submitted counter, so the counter itself is checked too.
    const challenge: Challenge = {
      parameters: payload.challenge.parameters,
      signature: payload.challenge.signature,
    };
    try {
      const result = await verifySolution({
        challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
      });
      return result.verified;
    } catch {
      return false;
    }
  };

  return {
    provider: 'altcha',

    challenge: () =>
      createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost,
        counter: randomInt(counter.max, counter.min),
        deriveKey,
        expiresAt: new Date(now() + ttlMs),
        hmacSignatureSecret,
      }),

    async verify(token) {
      const at = now();
      const payload = parsePayload(token);
      if (!payload) return false;
      const expiresAtMs = payload.challenge.parameters.expiresAt * 1_000;
      // altcha-lib checks expiry against the wall clock; this one honours `now`.
      if (expiresAtMs <= at) return false;
      if (!(await isValidSolution(payload))) return false;
      // Claimed only once proven: someone who saw the challenge but has no
      // solution must not use up the claim of the visitor who solved it.
      return replayGuard.claim(payload.challenge.signature, expiresAtMs);
    },
  };
}
