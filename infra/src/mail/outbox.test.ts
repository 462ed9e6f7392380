import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './index';
import { createOutboxMailer } from './outbox';
import { DEFAULT_FROM } from './port';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quitute-outbox-'));
  dirs.push(dir);
  return dir;
}

/** A clock that moves one minute per mail, starting at a fixed instant. */
function minuteClock(start = Date.parse('2025-03-10T12:00:00.000Z')) {
  let next = start;
  return () => {
    const at = new Date(next);
    next += 60_000;
    return at;
  };
}

const mail = (n: number) => ({
  to: `cliente${n}@example.com`,
  subject: `Assunto ${n}`,
  text: `Olá, cliente ${n}.`,
});

describe('outbox mailer', () => {
  it('given three sent mails, when listed, then newest first with id, sender and time, one JSON file each', async () => {
    const dir = await tempDir();
    const outbox = createOutboxMailer({ dir, now: minuteClock() });
    for (const n of [1, 2, 3]) await outbox.send(mail(n));
    const listed = await outbox.list();
    expect(listed.map((m) => m.subject)).toEqual(['Assunto 3', 'Assunto 2', 'Assunto 1']);
    expect(listed[2]).toEqual({
      ...mail(1),
      id: expect.stringMatching(/^20250310T120000000Z-\d{6}-[0-9a-f]{8}$/),
      from: DEFAULT_FROM,
      sentAt: '2025-03-10T12:00:00.000Z',
    });
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(listed.map((m) => `${m.id}.json`).reverse());
    const onDisk: unknown = JSON.parse(await readFile(join(dir, files[0] ?? ''), 'utf8'));
    expect(onDisk).toEqual(listed[2]);
  });

  it('given mails sent within the same millisecond, when listed, then all are kept, in send order', async () => {
    const dir = await tempDir();
    const instant = new Date('2025-03-10T12:00:00.000Z');
    const outbox = createOutboxMailer({ dir, now: () => instant });
    await Promise.all([1, 2, 3, 4, 5].map((n) => outbox.send(mail(n))));
    const listed = await outbox.list();
    expect(new Set(listed.map((m) => m.id)).size).toBe(5);
    expect(listed.map((m) => m.subject)).toEqual([5, 4, 3, 2, 1].map((n) => `Assunto ${n}`));
  });

  it('given mails in a folder, when a new mailer opens it, then it lists and gets them; a new mail goes on top', async () => {
    const dir = await tempDir();
    const clock = minuteClock();
    const first = createOutboxMailer({ dir, now: clock, from: 'Loja <loja@example.com>' });
    await first.send({ ...mail(1), html: '<p>Olá</p>' });
    const second = createOutboxMailer({ dir, now: clock });
    await second.send(mail(2));
    const listed = await second.list();
    expect(listed.map((m) => [m.subject, m.from])).toEqual([
      ['Assunto 2', DEFAULT_FROM],
      ['Assunto 1', 'Loja <loja@example.com>'],
    ]);
    const older = listed[1];
    if (!older) throw new Error('missing mail');
    expect(await second.get(older.id)).toEqual(older);
    expect(older.html).toBe('<p>Olá</p>');
  });

  it('given a mail with reply-to and unsubscribe headers, when sent, then the message id is its outbox id and both are kept', async () => {
    const dir = await tempDir();
    const outbox = createOutboxMailer({ dir, now: minuteClock() });
    const headers = {
      'List-Unsubscribe': '<http://localhost:8080/api/notifications/unsubscribe?token=a.b>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const sent = await outbox.send({
      ...mail(1),
      replyTo: 'Quitute <contato@quitute.com.br>',
      headers,
    });
    const [stored] = await outbox.list();
    expect(sent).toEqual({ messageId: stored?.id });
    expect(stored).toMatchObject({ replyTo: 'Quitute <contato@quitute.com.br>', headers });
    expect(await outbox.get(stored?.id ?? '')).toEqual(stored);
  });

  it('given a file written before reply-to and headers existed, when listed, then it still reads, without them', async () => {
    const dir = await tempDir();
    const id = '20250310T120000000Z-000001-0123abcd';
    const older = {
      id,
      from: DEFAULT_FROM,
      ...mail(1),
      sentAt: '2025-03-10T12:00:00.000Z',
    };
    await writeFile(join(dir, `${id}.json`), JSON.stringify(older));
    const outbox = createOutboxMailer({ dir });
    expect(await outbox.list()).toEqual([older]);
    expect(await outbox.get(id)).toEqual(older);
  });

  it('given a file whose headers are not text, when listed, then it is left out', async () => {
    const dir = await tempDir();
    const id = '20250310T120000000Z-000001-0123abcd';
    const bad = {
      id,
      from: DEFAULT_FROM,
      ...mail(1),
      headers: { 'List-Unsubscribe': 42 },
      sentAt: '2025-03-10T12:00:00.000Z',
    };
    await writeFile(join(dir, `${id}.json`), JSON.stringify(bad));
    expect(await createOutboxMailer({ dir }).list()).toEqual([]);
  });

  it('given a folder that does not exist, when the mailer is created, then the folder is made and the list is empty', async () => {
    const dir = join(await tempDir(), 'data', 'outbox');
    const outbox = createOutboxMailer({ dir });
    expect(await outbox.list()).toEqual([]);
    await outbox.send(mail(1));
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('given ids that are not outbox ids, when got, then null and no file outside the folder is read', async () => {
    const parent = await tempDir();
    const dir = join(parent, 'outbox');
    await writeFile(join(parent, 'secret.json'), JSON.stringify({ id: 'x' }));
    const outbox = createOutboxMailer({ dir });
    await outbox.send(mail(1));
    const [stored] = await outbox.list();
    for (const id of [
      '../secret',
      '..%2Fsecret',
      `../outbox/${stored?.id ?? ''}`,
      '',
      '.',
      '/etc/passwd',
      `${stored?.id ?? ''}.json`,
      '20250310T120000000Z-000001-00000000',
    ]) {
      expect(await outbox.get(id)).toBeNull();
    }
  });

  it('given a stray or corrupt file in the folder, when listed, then it is left out', async () => {
    const dir = await tempDir();
    const outbox = createOutboxMailer({ dir, now: minuteClock() });
    await outbox.send(mail(1));
    await writeFile(join(dir, '20990101T000000000Z-000001-deadbeef.json'), '{"truncated":');
    await writeFile(join(dir, 'notes.txt'), 'not a mail');
    expect((await outbox.list()).map((m) => m.subject)).toEqual(['Assunto 1']);
    expect(await outbox.get('20990101T000000000Z-000001-deadbeef')).toBeNull();
  });
});

describe('createMailer', () => {
  it('given no mail URL, then the outbox; given an SMTP URL, then SMTP', async () => {
    const outboxDir = await tempDir();
    expect(createMailer({ outboxDir }).transport).toBe('outbox');
    expect(createMailer({ mailUrl: '', outboxDir }).transport).toBe('outbox');
    expect(createMailer({ mailUrl: 'smtp://127.0.0.1:2525', outboxDir }).transport).toBe('smtp');
  });

  it('given a mail URL that is not SMTP, then it refuses to start', async () => {
    const outboxDir = await tempDir();
    expect(() => createMailer({ mailUrl: 'http://mail.example.com', outboxDir })).toThrow(/smtp/);
    expect(() => createMailer({ mailUrl: 'smtp://mail.example.com:porta', outboxDir })).toThrow(
      /smtp/,
    );
  });
});
