import { describe, expect, it } from 'vitest';
import { loadEmbeddedConfig } from './config';

describe('loadEmbeddedConfig', () => {
  it('given no HOST, then every interface (npm start), or the default the caller gives (npm run dev: 127.0.0.1)', () => {
    expect(loadEmbeddedConfig({}).host).toBeUndefined();
    expect(loadEmbeddedConfig({}, { host: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadEmbeddedConfig({ HOST: '0.0.0.0' }, { host: '127.0.0.1' }).host).toBe('0.0.0.0');
  });

  it('given no TRUST_PROXY, then no proxy is trusted; given one, it is kept', () => {
    expect(loadEmbeddedConfig({}).trustProxy).toBe(false);
    expect(loadEmbeddedConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadEmbeddedConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  });

  it('given no READ_MODELS_SAVE_SECONDS, then a save a minute; given one, it is kept; zero is refused', () => {
    expect(loadEmbeddedConfig({}).readModelsSaveIntervalMs).toBe(60_000);
    expect(loadEmbeddedConfig({ READ_MODELS_SAVE_SECONDS: '5' }).readModelsSaveIntervalMs).toBe(
      5_000,
    );
    expect(() => loadEmbeddedConfig({ READ_MODELS_SAVE_SECONDS: '0' })).toThrow(/at least 1/);
  });

  it('given NODE_ENV=production, then production', () => {
    expect(loadEmbeddedConfig({}).production).toBe(false);
    expect(loadEmbeddedConfig({ NODE_ENV: 'production', PAYMENT_SIMULATOR: 'on' }).production).toBe(
      true,
    );
  });

  it('given production without Mercado Pago, then start-up stops unless the simulator is asked for by name', () => {
    expect(() => loadEmbeddedConfig({ NODE_ENV: 'production' })).toThrow(
      /MP_ACCESS_TOKEN must be set in production/,
    );
    expect(
      loadEmbeddedConfig({
        NODE_ENV: 'production',
        MP_ACCESS_TOKEN: 'APP_USR-0000000000',
        MP_WEBHOOK_SECRET: 'segredo-do-webhook-0123',
      }).payments?.mercadoPago,
    ).toBeDefined();
    expect(() => loadEmbeddedConfig({ NODE_ENV: 'production', PAYMENT_SIMULATOR: 'yes' })).toThrow(
      /PAYMENT_SIMULATOR/,
    );
  });

  it('given no payment settings, then the simulator with its defaults', () => {
    expect(loadEmbeddedConfig({}).payments).toEqual({});
  });

  it('given Mercado Pago settings, then Mercado Pago with them; the other payment settings are kept', () => {
    const payments = loadEmbeddedConfig({
      MP_ACCESS_TOKEN: 'APP_USR-0000000000',
      MP_WEBHOOK_SECRET: 'segredo-do-webhook-0123',
      MP_PUBLIC_KEY: 'APP_USR-public',
      PIX_EXPIRY_MINUTES: '15',
      SIMULATOR_AUTO_APPROVE_MS: '2000',
      PAYMENT_RECONCILE_INTERVAL_MS: '30000',
      VIACEP_URL: 'http://127.0.0.1:9999',
    }).payments;
    expect(payments).toEqual({
      mercadoPago: {
        accessToken: 'APP_USR-0000000000',
        webhookSecret: 'segredo-do-webhook-0123',
        publicKey: 'APP_USR-public',
      },
      webhookSecret: 'segredo-do-webhook-0123',
      pixExpiryMinutes: 15,
      simulatorAutoApproveMs: 2000,
      reconcileIntervalMs: 30000,
      viaCepUrl: 'http://127.0.0.1:9999',
    });
  });

  it('given an access token without the webhook secret, or a Pix expiry of zero, then start-up stops naming the variable', () => {
    expect(() => loadEmbeddedConfig({ MP_ACCESS_TOKEN: 'APP_USR-0000000000' })).toThrow(
      /MP_WEBHOOK_SECRET must be set with MP_ACCESS_TOKEN/,
    );
    expect(() => loadEmbeddedConfig({ PIX_EXPIRY_MINUTES: '0' })).toThrow(/PIX_EXPIRY_MINUTES/);
  });
});
