import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayGuard } from './replay-guard';

/** Two guards over one store: the same one twice for a one-process adapter. */
type Factory = () => Promise<{
  guards: [ReplayGuard, ReplayGuard];
  cleanup(): Promise<void>;
}>;

const newSignature = () => randomBytes(32).toString('hex');
const inTenMinutes = () => Date.now() + 10 * 60_000;

/** The ReplayGuard port's contract, run against every adapter. */
export function replayGuardContract(name: string, factory: Factory): void {
  describe(`ReplayGuard contract: ${name}`, () => {
    let first: ReplayGuard;
    let second: ReplayGuard;
    let cleanup: () => Promise<void> = async () => {};

    beforeAll(async () => {
      let guards: [ReplayGuard, ReplayGuard];
      ({ guards, cleanup } = await factory());
      [first, second] = guards;
    });

    afterAll(async () => {
      await cleanup();
    });

    it('given a new signature, when claimed, then true; when claimed again, then false', async () => {
      const signature = newSignature();
      expect(await first.claim(signature, inTenMinutes())).toBe(true);
      expect(await first.claim(signature, inTenMinutes())).toBe(false);
    });

    it('given a signature claimed through one guard, when claimed through the other, then false', async () => {
      const signature = newSignature();
      expect(await first.claim(signature, inTenMinutes())).toBe(true);
      expect(await second.claim(signature, inTenMinutes())).toBe(false);
    });

    it('given one signature, when both guards claim it many times at once, then exactly one claim wins', async () => {
      const signature = newSignature();
      const claims = Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? first : second).claim(signature, inTenMinutes()),
      );
      expect((await Promise.all(claims)).filter(Boolean)).toHaveLength(1);
    });

    it('given one signature claimed, when other signatures are claimed, then each wins once', async () => {
      const claimed = newSignature();
      await first.claim(claimed, inTenMinutes());
      const others = [newSignature(), newSignature(), newSignature()];
      expect(await Promise.all(others.map((s) => second.claim(s, inTenMinutes())))).toEqual([
        true,
        true,
        true,
      ]);
    });
  });
}
