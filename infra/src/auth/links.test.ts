import { describe, expect, it } from 'vitest';
import { createLinkSigner } from './links';

const secret = 'a-test-secret-of-at-least-32-characters!!';

describe('signed links', () => {
  it('given a signed payload, when verified for its purpose, then the payload comes back', () => {
    const signer = createLinkSigner(secret);
    const token = signer.sign('unsubscribe', ['user-1', 'email']);
    expect(signer.verify('unsubscribe', token)).toEqual(['user-1', 'email']);
  });

  it('given a token, when verified for another purpose or under another secret, then it is refused', () => {
    const token = createLinkSigner(secret).sign('unsubscribe', ['user-1']);
    expect(createLinkSigner(secret).verify('email-confirmation', token)).toBeNull();
    expect(createLinkSigner(`${secret}-other`).verify('unsubscribe', token)).toBeNull();
  });

  it('given a token with its payload, signature or shape altered, when verified, then it is refused', () => {
    const signer = createLinkSigner(secret);
    const token = signer.sign('unsubscribe', ['user-1']);
    const [body = '', signature = ''] = token.split('.');
    const otherBody = Buffer.from(JSON.stringify(['user-2'])).toString('base64url');
    const flipped =
      signature.slice(0, -2) + (signature.endsWith('A') ? 'B' : 'A') + signature.slice(-1);
    for (const tampered of [
      `${otherBody}.${signature}`,
      `${body}.${flipped}`,
      `${body}.${signature}.x`,
      `${body}.${signature}!`,
      body,
      '',
      'x'.repeat(5000),
    ]) {
      expect(signer.verify('unsubscribe', tampered)).toBeNull();
    }
  });

  it('given a signed payload that is not a list of strings, when verified, then it is refused', () => {
    const signer = createLinkSigner(secret);
    // A signature over another shape, made with the same key material (as an attacker cannot).
    const token = signer.sign('unsubscribe', ['ok']);
    expect(signer.verify('unsubscribe', token)).toEqual(['ok']);
    expect(
      signer.verify(
        'unsubscribe',
        token.replace(/^[^.]+/, Buffer.from('{"a":1}').toString('base64url')),
      ),
    ).toBeNull();
  });
});
