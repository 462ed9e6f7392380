import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from './secrets';

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadOrCreateSecrets', () => {
  it('given an empty data directory, when loaded twice, then the same three keys, kept owner-only', async () => {
    const dir = dataDir();
    const first = await loadOrCreateSecrets(dir);
    expect(first.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(await loadOrCreateSecrets(dir)).toEqual(first);
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('given a file from before payments, when loaded, then its keys stay and a webhook secret is added for good', async () => {
    const dir = dataDir();
    const old = { tokenSecret: 'a'.repeat(40), captchaKey: 'b'.repeat(40) };
    fs.writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify(old), { mode: 0o600 });
    const loaded = await loadOrCreateSecrets(dir);
    expect(loaded).toMatchObject(old);
    expect(await loadOrCreateSecrets(dir)).toEqual(loaded);
  });
});
