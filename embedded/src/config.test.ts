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

  it('given NODE_ENV=production, then production', () => {
    expect(loadEmbeddedConfig({}).production).toBe(false);
    expect(loadEmbeddedConfig({ NODE_ENV: 'production' }).production).toBe(true);
  });
});
