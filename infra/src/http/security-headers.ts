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
  /** Mercado Pago takes the payments: its card form's script, frames and API are allowed. */
  mercadoPago?: boolean;
}

const RECAPTCHA = {
  script: ['https://www.google.com', 'https://www.gstatic.com'],
  frame: ['https://www.google.com'],
  connect: [],
};
/** MercadoPago.js (card form, device id) and what it talks to. */
const MERCADO_PAGO = {
  script: [
    'https://sdk.mercadopago.com',
    'https://www.mercadopago.com',
    'https://http2.mlstatic.com',
  ],
  frame: ['https://*.mercadopago.com', 'https://*.mercadolibre.com'],
  connect: [
    'https://api.mercadopago.com',
    'https://api.mercadolibre.com',
    'https://*.mercadopago.com',
  ],
};

/** The contact page's map is OpenStreetMap's embeddable page (no third-party script). */
const MAP_FRAME = 'https://www.openstreetmap.org';

/** Whether an origin such as PUBLIC_URL is https. */
export const isHttpsUrl = (url: string | undefined): boolean =>
  url !== undefined && url.toLowerCase().startsWith('https:');

/**
 * helmet's headers with the shop's Content-Security-Policy: images from any
 * https source (product photos), OpenStreetMap's map in a frame, reCAPTCHA's
 * and Mercado Pago's origins when they are in use. The
 * same policy for the embedded server, the APIs and (copied) nginx's SPA.
 */
export function securityHeaders({
  https,
  recaptcha = false,
  mercadoPago = false,
}: SecurityHeaderOptions): RequestHandler {
  const thirdParties = [...(recaptcha ? [RECAPTCHA] : []), ...(mercadoPago ? [MERCADO_PAGO] : [])];
  const allowed = (kind: 'script' | 'frame' | 'connect') =>
    thirdParties.flatMap((party) => party[kind]);
  return helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'upgrade-insecure-requests': https ? [] : null,
        ...(allowed('script').length > 0 ? { 'script-src': ["'self'", ...allowed('script')] } : {}),
        'frame-src': ["'self'", MAP_FRAME, ...allowed('frame')],
        ...(allowed('connect').length > 0
          ? { 'connect-src': ["'self'", ...allowed('connect')] }
          : {}),
      },
    },
    strictTransportSecurity: https,
  });
}
