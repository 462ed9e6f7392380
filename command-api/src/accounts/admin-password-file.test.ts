import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminPasswordFileName, reportCreatedAdmin } from './admin-password-file';

let dataDir: string;
const logged: string[] = [];
const logger = {
  warn: (message: string) => {
    logged.push(message);
  },
};
const admin = { email: 'dona@quitute.example', password: 'Xk29-generated-Secret', generated: true };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'quitute-admin-'));
  logged.length = 0;
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the first start’s admin account, reported', () => {
  it('given a generated password, when reported, then it is in DATA_DIR/admin-password.txt with mode 0600 and the log names the file, never the password', async () => {
    await reportCreatedAdmin(logger, dataDir, admin);

    const file = path.join(dataDir, adminPasswordFileName);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = await readFile(file, 'utf8');
    expect(text).toContain(`e-mail: ${admin.email}`);
    expect(text).toContain(`password: ${admin.password}`);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(file);
    expect(logged[0]).toContain(admin.email);
    expect(logged.join('\n')).not.toContain(admin.password);
  });

  it('given a file left world-readable by an earlier start, when reported, then the new file replaces it with mode 0600', async () => {
    const file = path.join(dataDir, adminPasswordFileName);
    await writeFile(file, 'old', { mode: 0o644 });

    await reportCreatedAdmin(logger, dataDir, admin);

    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toContain(admin.password);
  });

  it('given the password came from ADMIN_PASSWORD, when reported, then no file is written and the log says where the password is', async () => {
    await reportCreatedAdmin(logger, dataDir, { ...admin, generated: false });

    await expect(stat(path.join(dataDir, adminPasswordFileName))).rejects.toThrow(/ENOENT/);
    expect(logged).toEqual([
      `Admin account created: ${admin.email} with the password in ADMIN_PASSWORD`,
    ]);
  });
});
