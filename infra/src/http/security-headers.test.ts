import express from 'express';
import { describe, expect, it } from 'vitest';
import { listenOnFreePort } from '../testing';
import { securityHeaders, type SecurityHeaderOptions } from './security-headers';

async function policy(options: SecurityHeaderOptions): Promise<Map<string, string>> {
  const app = express();
  app.use(securityHeaders(options));
  app.get('/', (_req, res) => res.send('ok'));
  const server = await listenOnFreePort(app);
  try {
    const response = await fetch(server.url);
    const header = response.headers.get('content-security-policy') ?? '';
    return new Map(
      header.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
  } finally {
    await server.close();
  }
}

describe('the Content-Security-Policy', () => {
  it("given no third party, then scripts only from the shop and frames only from it and OpenStreetMap's map", async () => {
    const csp = await policy({ https: false });
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('frame-src')).toBe("'self' https://www.openstreetmap.org");
  });

  it("given Mercado Pago, then its card form's script, frames and API are allowed, and nothing else's", async () => {
    const csp = await policy({ https: false, mercadoPago: true });
    expect(csp.get('script-src')).toContain('https://sdk.mercadopago.com');
    expect(csp.get('script-src')).not.toContain('google');
    expect(csp.get('frame-src')).toContain('https://*.mercadopago.com');
    expect(csp.get('connect-src')).toBe(
      "'self' https://api.mercadopago.com https://api.mercadolibre.com https://*.mercadopago.com",
    );
  });

  it('given reCAPTCHA and Mercado Pago, then both', async () => {
    const csp = await policy({ https: false, recaptcha: true, mercadoPago: true });
    expect(csp.get('script-src')).toContain('https://www.gstatic.com');
    expect(csp.get('script-src')).toContain('https://sdk.mercadopago.com');
  });
});
