import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';

describe('password hashing', () => {
  it('given a hash, when the same password is checked, then it matches; another does not', async () => {
    const hash = await hashPassword('Segredo123');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('Segredo123');
    expect(await verifyPassword('Segredo123', hash)).toBe(true);
    expect(await verifyPassword('segredo123', hash)).toBe(false);
  });

  it('given the same password twice, then two different hashes (salted)', async () => {
    const params = { N: 1024, r: 8, p: 1 };
    expect(await hashPassword('Segredo123', params)).not.toBe(
      await hashPassword('Segredo123', params),
    );
  });

  it('given a hash made with other parameters, then it is still checked with them', async () => {
    const hash = await hashPassword('Segredo123', { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('Segredo123', hash)).toBe(true);
  });

  it('given a malformed hash, then nothing matches', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1024$8$1$c2FsdA==$c2hvcnQ=')).toBe(false);
  });

  it('given any password, then the decoy never matches', async () => {
    expect(await verifyAgainstDecoy('Segredo123')).toBe(false);
  });
});
