import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scratchDirectory } from '../testing/scratch';
import { ownFolder, startModuleWorker } from './index';

async function ask(text: string): Promise<string> {
  const worker = startModuleWorker(import.meta.url, 'echo-worker');
  try {
    return await new Promise<string>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage(text);
    });
  } finally {
    await worker.terminate();
  }
}

describe('a worker thread started from TypeScript source', () => {
  let tmp: string;
  let savedTmp: string | undefined;
  beforeEach(async () => {
    savedTmp = process.env['TMPDIR'];
    tmp = await scratchDirectory('quitute-worker-threads');
    process.env['TMPDIR'] = tmp;
  });
  afterEach(async () => {
    if (savedTmp === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = savedTmp;
    await fs.promises.rm(tmp, { recursive: true, force: true });
  });

  it('given a worker module importing one of its own, when started twice, then both threads answer and one module was built, in a folder only this user can open', async () => {
    expect(await ask('coxinha')).toBe('eco: coxinha');
    expect(await ask('kibe')).toBe('eco: kibe');

    const [folder, ...others] = fs.readdirSync(tmp);
    expect(others).toEqual([]);
    expect(folder).toBe(`quitute-workers-${process.getuid?.()}`);
    const folderPath = path.join(tmp, folder ?? '');
    expect(fs.statSync(folderPath).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(folderPath)).toEqual([
      expect.stringMatching(/^echo-worker-[0-9a-f]{16}\.mjs$/),
    ]);
  });

  const asRoot = process.getuid?.() === 0;
  if (!asRoot)
    console.log('skipped: another user’s worker folder: only root can give a folder away');
  it.runIf(asRoot)(
    'given the shared folder made by another user, then this process builds into a new folder of its own',
    () => {
      const uid = process.getuid?.() ?? 0;
      const shared = path.join(tmp, `quitute-workers-${uid}`);
      fs.mkdirSync(shared, { mode: 0o700 });
      fs.chownSync(shared, 65534, 65534);

      const folder = ownFolder();

      expect(folder).not.toBe(shared);
      expect(path.dirname(folder)).toBe(tmp);
      expect(fs.statSync(folder).uid).toBe(uid);
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    },
  );
});
