import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

/** A challenge as the server sends it to the widget. */
export const wireChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number(),
  }),
  signature: z.string(),
});

export type WireChallenge = z.infer<typeof wireChallengeSchema>;

export interface SolvedChallenge {
  challenge: WireChallenge;
  solution: { counter: number; derivedKey: string; time?: number };
}

/** The captcha field's value: base64 of the JSON, as the widget submits it. */
export const encodeCaptchaPayload = (value: unknown): string => btoa(JSON.stringify(value));

/**
 * What the ALTCHA widget does with a challenge it fetched as JSON: solve the
 * proof of work and submit the challenge with its solution. For tests only.
 */
export async function solveAsWidget(
  wire: unknown,
): Promise<{ payload: string; solved: SolvedChallenge }> {
  const challenge = wireChallengeSchema.parse(wire);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  const solved = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return { payload: encodeCaptchaPayload(solved), solved };
}
