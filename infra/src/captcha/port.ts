/**
 * Proves a human-ish client before registration, login or password reset
 * (ARCHITECTURE §2). The browser fetches `challenge()` from
 * GET /api/auth/captcha and sends back a token that `verify` checks.
 */
export interface Captcha {
  readonly provider: 'altcha' | 'recaptcha';
  /**
   * Body of GET /api/auth/captcha: the ALTCHA v2 challenge JSON itself (what
   * `<altcha-widget challenge="/api/auth/captcha">` fetches), or
   * `{ provider: 'recaptcha', siteKey }` for reCAPTCHA.
   */
  challenge(): Promise<unknown>;
  /**
   * True exactly once for a valid, unexpired solution token; false for
   * anything else (malformed, wrong signature, expired, wrong solution, the
   * widget's test-mode payload, a replay). Never throws for bad input; rejects
   * only when the shared store of accepted solutions cannot be reached.
   */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}
