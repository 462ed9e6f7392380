import { describe, expect, it } from 'vitest';
import { messages } from '@quitute/contracts';
import {
  createPasswordHasher,
  hashPassword,
  OWASP_SCRYPT_PARAMS,
  verifyPassword,
} from './password';

const cheap = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('given the default hasher, then hashes use the OWASP setting N=2^17, r=8, p=1 and verify', async () => {
    expect(OWASP_SCRYPT_PARAMS).toEqual({ N: 131_072, r: 8, p: 1 });
    const hasher = createPasswordHasher();
    const hash = await hasher.hash('Segredo123');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(hash).not.toContain('Segredo123');
    expect(await hasher.verify('Segredo123', hash)).toEqual({ matches: true, outdated: false });
    expect(await hashPassword('x', cheap)).toMatch(/^scrypt\$1024\$/);
  });

  it('given a hash, when the same password is checked, then it matches; another does not', async () => {
    const hash = await hashPassword('Segredo123', cheap);
    expect(await verifyPassword('Segredo123', hash)).toBe(true);
    expect(await verifyPassword('segredo123', hash)).toBe(false);
  });

  it('given the same password twice, then two different hashes (salted)', async () => {
    expect(await hashPassword('Segredo123', cheap)).not.toBe(
      await hashPassword('Segredo123', cheap),
    );
  });

  it('given a hash made with other parameters, then it still verifies and is reported outdated', async () => {
    const old = await hashPassword('Segredo123', { N: 2048, r: 8, p: 1 });
    const hasher = createPasswordHasher(cheap);
    expect(await hasher.verify('Segredo123', old)).toEqual({ matches: true, outdated: true });
    expect(await hasher.verify('Errada123', old)).toEqual({ matches: false, outdated: true });
    expect(await hasher.verify('Segredo123', await hasher.hash('Segredo123'))).toEqual({
      matches: true,
      outdated: false,
    });
  });

  it('given a malformed hash, then nothing matches', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1024$8$1$c2FsdA==$c2hvcnQ=')).toBe(false);
  });

  it('given any password, then the decoy never matches', async () => {
    expect(await createPasswordHasher(cheap).verifyAgainstDecoy('Segredo123')).toBe(false);
  });

  it('given one hash running and one waiting, when a third arrives, then it is refused at once with 503 and the first two finish', async () => {
    const hasher = createPasswordHasher(cheap, { running: 1, waiting: 1 });
    const first = hasher.hash('Primeira1');
    const second = hasher.hash('Segunda2');
    await expect(hasher.hash('Terceira3')).rejects.toMatchObject({
      status: 503,
      message: messages.unavailable,
    });
    expect(await Promise.all([first, second])).toEqual([
      expect.stringMatching(/^scrypt\$1024\$/),
      expect.stringMatching(/^scrypt\$1024\$/),
    ]);
    // The slots are free again: a later login is served.
    expect((await hasher.verify('Segunda2', await second)).matches).toBe(true);
  });

  it('given room to wait, when five hashes arrive together behind one slot, then each is served in turn', async () => {
    const hasher = createPasswordHasher(cheap, { running: 1, waiting: 4 });
    const passwords = ['Um11', 'Dois2', 'Tres3', 'Quatro4', 'Cinco5'];
    const hashes = await Promise.all(passwords.map((password) => hasher.hash(password)));
    const checks = await Promise.all(
      hashes.map((hash, index) => hasher.verify(passwords[index] ?? '', hash)),
    );
    expect(checks.map((check) => check.matches)).toEqual([true, true, true, true, true]);
  });
});
