import { afterAll, describe, expect, it } from 'vitest';
import { describeWithRedis } from '../redis/test-server';
import {
  encodeCaptchaPayload as encode,
  solveAsWidget as solve,
  wireChallengeSchema,
  type SolvedChallenge,
} from '../testing/altcha';
import {
  ALTCHA_ALGORITHM,
  DEFAULT_ALTCHA_COST,
  DEFAULT_ALTCHA_COUNTER,
  createAltchaCaptcha,
  type AltchaCaptchaOptions,
} from './altcha';
import type { Captcha } from './port';
import { createReplayGuard } from './replay-guard';

const hmacKey = 'a-test-key-that-is-long-enough-for-hmac';
/** Enough work to be a real solve, little enough to keep the suite fast. */
const quick = { cost: 10, counter: { min: 1, max: 50 } };

/** The challenge as the widget receives it (JSON over HTTP), solved. */
const solveAsWidget = async (captcha: Captcha) =>
  solve(JSON.parse(JSON.stringify(await captcha.challenge())));

function altcha(options: Partial<AltchaCaptchaOptions> = {}): Captcha {
  return createAltchaCaptcha({ hmacKey, ...quick, ...options });
}

describe('ALTCHA captcha', () => {
  it('given a challenge solved as the widget does, when verified, then it passes once and the replay fails', async () => {
    const captcha = altcha();
    const { payload } = await solveAsWidget(captcha);
    expect(await captcha.verify(payload)).toBe(true);
    expect(await captcha.verify(payload)).toBe(false);
  });

  it('given one solved payload, when it is verified twice at the same time, then exactly one passes', async () => {
    const captcha = altcha();
    const { payload } = await solveAsWidget(captcha);
    const results = await Promise.all([captcha.verify(payload), captcha.verify(payload)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('given a solved payload, when its signature, solution or parameters are tampered with, then each fails and the genuine one still passes', async () => {
    const captcha = altcha();
    const { payload, solved } = await solveAsWidget(captcha);
    const { challenge, solution } = solved;
    const flipLast = (hex: string) => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');
    const tampered: SolvedChallenge[] = [
      { challenge: { ...challenge, signature: flipLast(challenge.signature) }, solution },
      { challenge, solution: { ...solution, derivedKey: flipLast(solution.derivedKey) } },
      { challenge, solution: { ...solution, counter: solution.counter + 1 } },
      {
        challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } },
        solution,
      },
      {
        challenge: {
          ...challenge,
          parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt + 3600 },
        },
        solution,
      },
    ];
    for (const attempt of tampered) expect(await captcha.verify(encode(attempt))).toBe(false);
    expect(await captcha.verify(payload)).toBe(true);
  });

  it('given a challenge signed with another key, when its solution is verified, then it fails', async () => {
    const other = createAltchaCaptcha({
      hmacKey: 'another-key-of-another-shop-instance',
      ...quick,
    });
    const { payload } = await solveAsWidget(other);
    expect(await altcha().verify(payload)).toBe(false);
  });

  it('given a solved challenge, when it is verified after its ttl, then it fails; just before, it passes', async () => {
    let clock = Date.now();
    const captcha = altcha({ ttlMs: 60_000, now: () => clock });
    const late = await solveAsWidget(captcha);
    const inTime = await solveAsWidget(captcha);
    clock += 59_000;
    expect(await captcha.verify(inTime.payload)).toBe(true);
    clock += 1_001;
    expect(await captcha.verify(late.payload)).toBe(false);
  });

  it('given malformed tokens and the widget test-mode payload, when verified, then each fails without throwing', async () => {
    const captcha = altcha();
    const { solved } = await solveAsWidget(captcha);
    const tokens = [
      '',
      'garbage',
      'não é base64!',
      btoa('not json at all'),
      encode(null),
      encode({}),
      encode([]),
      encode({ challenge: null, solution: null, test: true }),
      encode({ challenge: solved.challenge }),
      encode({ ...solved, challenge: { ...solved.challenge, signature: '' } }),
      encode({
        ...solved,
        challenge: {
          ...solved.challenge,
          parameters: { ...solved.challenge.parameters, injected: 'x' },
        },
      }),
      encode({ ...solved, solution: { counter: -1, derivedKey: solved.solution.derivedKey } }),
      encode({ ...solved, solution: { counter: 1.5, derivedKey: solved.solution.derivedKey } }),
      encode({ ...solved, solution: { counter: 1, derivedKey: 'XYZ' } }),
      'A'.repeat(100_000),
    ];
    for (const token of tokens) expect(await captcha.verify(token)).toBe(false);
  });

  it('when challenges are requested, then each is fresh, signed and expires after the ttl', async () => {
    const clock = 1_800_000_000_000;
    const captcha = altcha({ ttlMs: 10 * 60_000, now: () => clock });
    const first = wireChallengeSchema.parse(await captcha.challenge());
    const second = wireChallengeSchema.parse(await captcha.challenge());
    expect(first.parameters.algorithm).toBe(ALTCHA_ALGORITHM);
    expect(first.parameters.expiresAt).toBe((clock + 10 * 60_000) / 1_000);
    expect(first.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(second.parameters.nonce).not.toBe(first.parameters.nonce);
    expect(second.parameters.salt).not.toBe(first.parameters.salt);
    expect(second.signature).not.toBe(first.signature);
  });

  it('given the default difficulty, when solved in Node, then it verifies and the time is printed', async () => {
    const captcha = createAltchaCaptcha({ hmacKey });
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const { payload, solved } = await solveAsWidget(captcha);
      times.push(performance.now() - started);
      expect(solved.solution.counter).toBeGreaterThanOrEqual(DEFAULT_ALTCHA_COUNTER.min);
      expect(solved.solution.counter).toBeLessThanOrEqual(DEFAULT_ALTCHA_COUNTER.max);
      expect(await captcha.verify(payload)).toBe(true);
    }
    console.log(
      `ALTCHA ${ALTCHA_ALGORITHM} cost ${DEFAULT_ALTCHA_COST}, counter ${DEFAULT_ALTCHA_COUNTER.min}–${DEFAULT_ALTCHA_COUNTER.max}: ` +
        `Node solve (one thread) ${times.map((t) => `${Math.round(t)} ms`).join(', ')}`,
    );
  });

  it('given an empty key or an impossible counter range, when created, then it throws', () => {
    expect(() => createAltchaCaptcha({ hmacKey: '' })).toThrow(/HMAC key/);
    expect(() => createAltchaCaptcha({ hmacKey, counter: { min: 10, max: 5 } })).toThrow(/counter/);
  });
});

describe('two ALTCHA instances with the same key and no shared guard', () => {
  it('given a solved payload, when each instance verifies it, then each accepts it once: the replay guard is per process', async () => {
    const [a, b] = [altcha(), altcha()];
    const { payload } = await solveAsWidget(a);
    expect(await a.verify(payload)).toBe(true);
    expect(await b.verify(payload)).toBe(true);
  });
});

await describeWithRedis('two ALTCHA instances sharing a Redis replay guard', (redis) => {
  afterAll(() => redis.cleanup());

  const instances = async () => {
    const guards = await Promise.all([
      createReplayGuard({ redisUrl: redis.url, keyPrefix: redis.keyPrefix }),
      createReplayGuard({ redisUrl: redis.url, keyPrefix: redis.keyPrefix }),
    ]);
    return {
      captchas: guards.map((replayGuard) => altcha({ replayGuard })),
      close: () => Promise.all(guards.map((guard) => guard.close())),
    };
  };

  it('given a solved payload, when both instances verify it one after the other, then it passes once in total', async () => {
    const { captchas, close } = await instances();
    try {
      const [a, b] = captchas;
      if (!a || !b) throw new Error('two instances expected');
      const { payload } = await solveAsWidget(a);
      expect(await a.verify(payload)).toBe(true);
      expect(await b.verify(payload)).toBe(false);
      expect(await a.verify(payload)).toBe(false);
    } finally {
      await close();
    }
  });

  it('given a solved payload, when both instances verify it at the same time, then exactly one passes', async () => {
    const { captchas, close } = await instances();
    try {
      const { payload } = await solveAsWidget(captchas[1] ?? altcha());
      const results = await Promise.all(
        [...captchas, ...captchas].map((captcha) => captcha.verify(payload)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('given a challenge with a wrong solution, when it is verified, then it does not use up the real solution', async () => {
    const { captchas, close } = await instances();
    try {
      const [a, b] = captchas;
      if (!a || !b) throw new Error('two instances expected');
      const { payload, solved } = await solveAsWidget(a);
      const wrong = encode({
        ...solved,
        solution: { ...solved.solution, counter: solved.solution.counter + 1 },
      });
      expect(await a.verify(wrong)).toBe(false);
      expect(await b.verify(payload)).toBe(true);
    } finally {
      await close();
    }
  });
});
