import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Signed links (issue 41): a token that proves the shop wrote its payload, for
 * links mailed to people (confirm an e-mail, unsubscribe) that must work
 * without a login and cannot be forged or altered. HMAC-SHA256 under a key
 * derived (HKDF) from the token secret for this use only, so a link's
 * signature is never a valid anything else. The payload is readable
 * (base64url JSON): put no secret in it. `purpose` is signed too, so an
 * unsubscribe token never confirms an e-mail.
 */
export interface LinkSigner {
  sign(purpose: string, payload: readonly string[]): string;
  /** The payload of a token signed for `purpose`; null for anything else (tampered, truncated, other purpose). */
  verify(purpose: string, token: string): string[] | null;
}

const MAX_TOKEN_LENGTH = 1024;

export function createLinkSigner(secret: string): LinkSigner {
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(secret), Buffer.alloc(0), 'quitute signed links v1', 32),
  );
  const mac = (purpose: string, body: string): Buffer =>
    createHmac('sha256', key).update(`${purpose}.${body}`).digest();
  return {
    sign(purpose, payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(purpose, body).toString('base64url')}`;
    },
    verify(purpose, token) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(purpose, body);
      // base64url decoding skips stray characters: the signature must also read back exactly.
      if (given.toString('base64url') !== signature) return null;
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      return Array.isArray(payload) && payload.every((part) => typeof part === 'string')
        ? payload
        : null;
    },
  };
}
