import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@quitute/contracts';
import { silentLogger } from '@quitute/infra/logging';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';

/**
 * Findings of the attack pass on issue 10 (wip/attack) against the embedded
 * shop with its payment simulator, as a stranger reaches it: each test states
 * what should hold, and failed before the finding was fixed.
 */

let server: EmbeddedServer;
let url: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await makeDataDir('quitute-attack');
  server = await createEmbeddedServer({ port: 0, dataDir, logLevel: 'silent' }, silentLogger, {
    web: noWebApp,
    passwords: cheapPasswords,
  });
  url = await server.listen();
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const card = {
  cardNumber: '4235 6477 2802 5682',
  cardholderName: 'APRO',
  expirationMonth: '11',
  expirationYear: '2030',
  securityCode: '123',
  docNumber: '12345678909',
};

const tokenRequest = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${url}/simulator/card_tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('attack: the simulator’s card tokenizer', () => {
  it('given a compressed body that does not decompress (gzip, deflate, br), then a 4xx with the pt-BR message, not a 500 logged as an unhandled error', async () => {
    const corrupt = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x67, 0x61, 0x72, 0x62]);
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const answer = await tokenRequest(corrupt, { 'content-encoding': encoding });

      // It was a 500 and an error-level "unhandled error" log line that strangers could repeat.
      expect({ encoding, clientError: answer.status >= 400 && answer.status < 500 }).toEqual({
        encoding,
        clientError: true,
      });
      expect(await answer.json()).toMatchObject({ message: messages.invalidRequest });
    }
  });

  it('given one client asking for card tokens without pause, then it is told to slow down (429) long before it holds hundreds of live tokens in the shop’s memory', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const answer = await tokenRequest(JSON.stringify(card));
      statuses.push(answer.status);
      await answer.body?.cancel();
      if (answer.status === 429) break;
    }

    // It was 300 × 201, each token kept in memory for 7 days unless used.
    expect(statuses).toContain(429);
  });
});
