import { createHash } from 'node:crypto';
import {
  CONFIRM_EMAIL_PATH,
  EMAIL_CONFIRMATION_TTL_MS,
  normalizeEmail,
  UNSUBSCRIBE_API_PATH,
  UNSUBSCRIBE_PATH,
} from '@quitute/contracts';
import type { LinkSigner } from '@quitute/infra/auth';

/**
 * The links the shop's e-mails carry (issue 41), signed so that they work
 * without a login and cannot be forged:
 * - confirm an e-mail: the account and a hash of the address it confirms (an
 *   address changed since is not confirmed by an old link), until an expiry;
 * - unsubscribe: the account only, no expiry (an old e-mail's link still works).
 */
const CONFIRMATION = 'email-confirmation';
const UNSUBSCRIBE = 'unsubscribe';

/** Short and not the address itself: the link's payload is readable. */
export function emailFingerprint(email: string): string {
  return createHash('sha256').update(normalizeEmail(email)).digest('base64url').slice(0, 22);
}

export type ConfirmationCheck =
  | { status: 'valid'; userId: string; emailFingerprint: string }
  | { status: 'expired'; userId: string }
  | { status: 'invalid' };

export interface EmailLinks {
  /** The web page that confirms (`/confirmar-email?token=`). */
  confirmationLink(userId: string, email: string): string;
  checkConfirmation(token: string): ConfirmationCheck;
  /** The page a person follows from the e-mail's text (`/descadastrar?token=`). */
  unsubscribeLink(userId: string): string;
  /** RFC 8058's List-Unsubscribe target: POST here with `List-Unsubscribe=One-Click`. */
  unsubscribeApiUrl(userId: string): string;
  /** The account of a valid unsubscribe token; null when tampered. */
  checkUnsubscribe(token: string): string | null;
}

export function createEmailLinks(deps: {
  signer: LinkSigner;
  /** The shop's origin, read at each use. */
  publicUrl: () => string;
  now: () => Date;
}): EmailLinks {
  const { signer } = deps;
  const url = (path: string, token: string) =>
    `${deps.publicUrl().replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}`;
  const unsubscribeToken = (userId: string) => signer.sign(UNSUBSCRIBE, [userId]);
  return {
    confirmationLink(userId, email) {
      const expiresAt = String(deps.now().getTime() + EMAIL_CONFIRMATION_TTL_MS);
      return url(
        CONFIRM_EMAIL_PATH,
        signer.sign(CONFIRMATION, [userId, emailFingerprint(email), expiresAt]),
      );
    },
    checkConfirmation(token) {
      const payload = signer.verify(CONFIRMATION, token);
      if (payload?.length !== 3) return { status: 'invalid' };
      const [userId = '', fingerprint = '', expiresAt = ''] = payload;
      if (!/^\d{1,15}$/.test(expiresAt)) return { status: 'invalid' };
      if (deps.now().getTime() >= Number(expiresAt)) return { status: 'expired', userId };
      return { status: 'valid', userId, emailFingerprint: fingerprint };
    },
    unsubscribeLink: (userId) => url(UNSUBSCRIBE_PATH, unsubscribeToken(userId)),
    unsubscribeApiUrl: (userId) => url(UNSUBSCRIBE_API_PATH, unsubscribeToken(userId)),
    checkUnsubscribe(token) {
      const payload = signer.verify(UNSUBSCRIBE, token);
      return payload?.length === 1 && payload[0] ? payload[0] : null;
    },
  };
}
