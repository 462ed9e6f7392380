import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserSaysOnline } from './connectivity-slice';

describe('browserSaysOnline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('given a navigator without onLine (Node.js 22 and later, where pages are prerendered), then online', () => {
    vi.stubGlobal('navigator', { userAgent: 'Node.js/24', hardwareConcurrency: 2 });
    expect(browserSaysOnline()).toBe(true);
  });

  it('given no navigator at all (Node.js 20), then online', () => {
    vi.stubGlobal('navigator', undefined);
    expect(browserSaysOnline()).toBe(true);
  });

  it('given a browser that says it is offline, then offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(browserSaysOnline()).toBe(false);
  });
});
