import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmsSender } from './index';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quitute-sms-'));
  dirs.push(dir);
  return dir;
}

const twilio = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'f'.repeat(32),
  from: '+5511912345678',
};

describe('createSmsSender', () => {
  it('given no Twilio settings, then the outbox, which keeps what it sends in the folder given', async () => {
    const outboxDir = await tempDir();
    const sms = createSmsSender({ outboxDir });
    expect(sms.transport).toBe('outbox');
    if (sms.transport !== 'outbox') return;
    await sms.send({ to: '+5511987654321', text: 'Olá' });
    expect((await sms.list()).map((m) => m.text)).toEqual(['Olá']);
  });

  it('given Twilio settings, then Twilio; given settings it cannot use, then it refuses to start', async () => {
    const outboxDir = await tempDir();
    expect(createSmsSender({ twilio, outboxDir }).transport).toBe('twilio');
    expect(() => createSmsSender({ twilio: { ...twilio, from: 'Quitute' }, outboxDir })).toThrow(
      /E\.164/,
    );
  });
});
