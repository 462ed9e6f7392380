import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /**
   * The shop is reached over https (PUBLIC_URL). Only then may the browser be
   * told to upgrade every request (CSP upgrade-insecure-requests) and to use
   * https for a year (HSTS): served by IP or host name over plain http, those
   * two would send every script and stylesheet to an https port nobody serves.
   */
  https: boolean;
  /** Google reCAPTCHA instead of ALTCHA: its scripts and frame are allowed. */
  recaptcha?: boolean;
}

/** Whether an origin such as PUBLIC_URL is https. */
export const isHttpsUrl = (url: string | undefined): boolean =>
  url !== undefined && url.toLowerCase().startsWith('https:');

/**
 * helmet's headers with the shop's Content-Security-Policy: images from any
 * https source (product photos), reCAPTCHA's origins when it is in use. The
 * same policy for the embedded server, the APIs and (copied) nginx's SPA.
 */
export function securityHeaders({
  https,
  recaptcha = false,
}: SecurityHeaderOptions): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'upgrade-insecure-requests': https ? [] : null,
        ...(recaptcha
          ? {
              'script-src': ["'self'", 'https://www.google.com', 'https://www.gstatic.com'],
              'frame-src': ['https://www.google.com'],
            }
          : {}),
      },
    },
    strictTransportSecurity: https,
  });
}
