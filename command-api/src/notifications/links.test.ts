import { describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMATION_TTL_MS } from '@quitute/contracts';
import { createLinkSigner } from '@quitute/infra/auth';
import { createEmailLinks, emailFingerprint } from './links';

const userId = '3f6b2c1e-9d4a-4c7b-8e2f-1a2b3c4d5e6f';

function links(at = Date.parse('2026-11-28T12:00:00Z')) {
  const clock = { now: at };
  const emailLinks = createEmailLinks({
    signer: createLinkSigner('a-test-secret-of-at-least-32-characters!!'),
    publicUrl: () => 'http://localhost:8080/',
    now: () => new Date(clock.now),
  });
  return { emailLinks, clock };
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('e-mail links', () => {
  it('given a confirmation link, when checked before it expires, then it names the account and the address it confirms', () => {
    const { emailLinks } = links();
    const link = emailLinks.confirmationLink(userId, 'Ana@Example.com');
    expect(link).toMatch(/^http:\/\/localhost:8080\/confirmar-email\?token=/);
    expect(emailLinks.checkConfirmation(tokenOf(link))).toEqual({
      status: 'valid',
      userId,
      emailFingerprint: emailFingerprint('ana@example.com'),
    });
    expect(link).not.toContain('example');
  });

  it('given a confirmation link, when checked after its 7 days, then it is expired', () => {
    const { emailLinks, clock } = links();
    const token = tokenOf(emailLinks.confirmationLink(userId, 'ana@example.com'));
    clock.now += EMAIL_CONFIRMATION_TTL_MS;
    expect(emailLinks.checkConfirmation(token)).toEqual({ status: 'expired', userId });
  });

  it('given an unsubscribe link, when checked, then it names the account; as a confirmation it is invalid', () => {
    const { emailLinks } = links();
    const token = tokenOf(emailLinks.unsubscribeLink(userId));
    expect(emailLinks.unsubscribeApiUrl(userId)).toBe(
      `http://localhost:8080/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(emailLinks.checkUnsubscribe(token)).toBe(userId);
    expect(emailLinks.checkConfirmation(token)).toEqual({ status: 'invalid' });
  });

  it('given a tampered token, when checked, then it is refused', () => {
    const { emailLinks } = links();
    const token = tokenOf(emailLinks.unsubscribeLink(userId));
    expect(emailLinks.checkUnsubscribe(`x${token}`)).toBeNull();
    expect(emailLinks.checkUnsubscribe(token.slice(0, -1))).toBeNull();
  });
});
