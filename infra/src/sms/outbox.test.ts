import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxSmsSender } from './outbox';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quitute-sms-outbox-'));
  dirs.push(dir);
  return dir;
}

function minuteClock(start = Date.parse('2025-03-10T12:00:00.000Z')) {
  let next = start;
  return () => {
    const at = new Date(next);
    next += 60_000;
    return at;
  };
}

const sms = (n: number) => ({
  to: `+551198765432${n}`,
  text: `Quitute: seu pedido nº ${n} está pronto para retirada. Até já!`,
});

describe('SMS outbox', () => {
  it('given three messages sent, when listed, then newest first with id and time, one JSON file each, and the id returned as the message id', async () => {
    const dir = await tempDir();
    const outbox = createOutboxSmsSender({ dir, now: minuteClock() });
    expect(outbox.transport).toBe('outbox');
    const sent = [];
    for (const n of [1, 2, 3]) sent.push(await outbox.send(sms(n)));
    const listed = await outbox.list();
    expect(listed.map((m) => m.to)).toEqual(['+5511987654323', '+5511987654322', '+5511987654321']);
    expect(listed[2]).toEqual({
      ...sms(1),
      id: expect.stringMatching(/^20250310T120000000Z-\d{6}-[0-9a-f]{8}$/),
      sentAt: '2025-03-10T12:00:00.000Z',
    });
    expect(sent).toEqual(listed.map((m) => ({ messageId: m.id })).reverse());
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(listed.map((m) => `${m.id}.json`).reverse());
    const onDisk: unknown = JSON.parse(await readFile(join(dir, files[0] ?? ''), 'utf8'));
    expect(onDisk).toEqual(listed[2]);
  });

  it('given messages sent within the same millisecond, when listed, then all are kept, in send order', async () => {
    const dir = await tempDir();
    const instant = new Date('2025-03-10T12:00:00.000Z');
    const outbox = createOutboxSmsSender({ dir, now: () => instant });
    await Promise.all([1, 2, 3, 4].map((n) => outbox.send(sms(n))));
    expect((await outbox.list()).map((m) => m.to.slice(-1))).toEqual(['4', '3', '2', '1']);
  });

  it('given a folder that does not exist, when the sender is created, then it is made readable by its owner only', async () => {
    const dir = join(await tempDir(), 'data', 'sms-outbox');
    const outbox = createOutboxSmsSender({ dir });
    expect(await outbox.list()).toEqual([]);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('given a message, when got by its id, then it; given ids that are not outbox ids, then null', async () => {
    const parent = await tempDir();
    const dir = join(parent, 'sms-outbox');
    await writeFile(join(parent, 'secret.json'), JSON.stringify({ id: 'x' }));
    const outbox = createOutboxSmsSender({ dir });
    const { messageId } = await outbox.send(sms(1));
    expect(await outbox.get(messageId ?? '')).toMatchObject(sms(1));
    for (const id of ['../secret', '', '/etc/passwd', `${messageId ?? ''}.json`]) {
      expect(await outbox.get(id)).toBeNull();
    }
  });

  it('given a corrupt file or one that is not a message, when listed, then it is left out', async () => {
    const dir = await tempDir();
    const outbox = createOutboxSmsSender({ dir, now: minuteClock() });
    await outbox.send(sms(1));
    await writeFile(join(dir, '20990101T000000000Z-000001-deadbeef.json'), '{"truncated":');
    await writeFile(
      join(dir, '20990101T000000000Z-000002-deadbeef.json'),
      JSON.stringify({ id: '20990101T000000000Z-000002-deadbeef', to: '+5511987654321' }),
    );
    expect((await outbox.list()).map((m) => m.to)).toEqual(['+5511987654321']);
    expect(await outbox.get('20990101T000000000Z-000001-deadbeef')).toBeNull();
  });
});
