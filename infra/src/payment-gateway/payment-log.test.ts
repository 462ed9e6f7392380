import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPaymentLog } from './payment-log';

interface Entry {
  id: string;
  status: string;
}

const parse = (value: unknown): Entry | null =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'id') === 'string' &&
  typeof Reflect.get(value, 'status') === 'string'
    ? { id: String(Reflect.get(value, 'id')), status: String(Reflect.get(value, 'status')) }
    : null;

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quitute-payment-log-'));
  dirs.push(dir);
  return dir;
}

function open(dir: string, warnings: unknown[] = []) {
  return openPaymentLog({
    dir,
    parse,
    idOf: (entry) => entry.id,
    logger: { warn: (details: unknown) => void warnings.push(details) },
  });
}

const lineCount = async (dir: string) =>
  (await readFile(join(dir, 'payments.jsonl'), 'utf8')).split('\n').filter(Boolean).length;

describe('payment log', () => {
  it('given changes appended, when the log is opened again, then each id reads back as last written', async () => {
    const dir = await folder();
    const log = open(dir);
    await log.append({ id: '1000000001', status: 'pending' });
    await log.append({ id: '1000000002', status: 'pending' });
    await log.append({ id: '1000000001', status: 'approved' });
    log.close();

    expect([...open(dir).records.values()]).toEqual([
      { id: '1000000001', status: 'approved' },
      { id: '1000000002', status: 'pending' },
    ]);
  });

  it('given 200 appends at once, when they resolve, then every one is on disk', async () => {
    const dir = await folder();
    const log = open(dir);
    const ids = Array.from({ length: 200 }, (_, n) => String(1_000_000_000 + n));

    await Promise.all(ids.map((id) => log.append({ id, status: 'pending' })));
    log.close();

    expect([...open(dir).records.keys()]).toEqual(ids);
  });

  it('given a last line cut short by a crash, when opened, then it is left out with a warning, the log is rewritten and later lines read back', async () => {
    const dir = await folder();
    const first = open(dir);
    await first.append({ id: '1000000001', status: 'pending' });
    first.close();
    await appendFile(join(dir, 'payments.jsonl'), '{"id":"1000000002","sta');

    const warnings: unknown[] = [];
    const second = open(dir, warnings);
    expect([...second.records.keys()]).toEqual(['1000000001']);
    expect(warnings).toHaveLength(1);
    await second.append({ id: '1000000003', status: 'pending' });
    second.close();

    expect([...open(dir).records.keys()]).toEqual(['1000000001', '1000000003']);
  });

  it('given more than twice as many lines as payments, when opened, then the log keeps one line per payment', async () => {
    const dir = await folder();
    const first = open(dir);
    for (const status of ['pending', 'in_process', 'approved']) {
      await first.append({ id: '1000000001', status });
    }
    first.close();
    expect(await lineCount(dir)).toBe(3);

    const second = open(dir);
    second.close();

    expect(await lineCount(dir)).toBe(1);
    expect(second.records.get('1000000001')).toEqual({ id: '1000000001', status: 'approved' });
  });

  it('given the one-file-per-payment folder of an earlier version, when opened, then its payments are taken into the log and the files removed', async () => {
    const dir = await folder();
    await writeFile(
      join(dir, 'payment-1000000001.json'),
      JSON.stringify({ id: '1000000001', status: 'approved' }),
    );
    await writeFile(join(dir, 'payment-1000000002.json'), '{ not json');

    const log = open(dir);
    log.close();

    expect(log.records.get('1000000001')).toEqual({ id: '1000000001', status: 'approved' });
    expect(await readdir(dir)).toEqual(['payments.jsonl']);
    expect(open(dir).records.get('1000000001')).toEqual({ id: '1000000001', status: 'approved' });
  });

  it('given a closed log, when appending, then it rejects', async () => {
    const log = open(await folder());
    log.close();
    await expect(log.append({ id: '1000000001', status: 'pending' })).rejects.toThrow('closed');
  });
});
