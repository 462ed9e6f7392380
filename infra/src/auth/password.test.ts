import { describe, expect, it } from 'vitest';
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
});
