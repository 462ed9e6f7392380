import { describe, expect, it } from 'vitest';
import { signatureManifest, signWebhook, verifyWebhookSignature } from './webhook-signature';

const secret = 'segredo-do-webhook';
const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const tsSeconds = String(now / 1000);
const tolerance = { nowMs: now, toleranceMs: 5 * 60_000 };

describe('webhook signature (Mercado Pago x-signature)', () => {
  it('given every value, when the manifest is built, then it follows the documented order with a trailing ;', () => {
    expect(signatureManifest({ dataId: 'ORD01ABC', requestId: 'req-1', ts: '1742505638' })).toBe(
      'id:ord01abc;request-id:req-1;ts:1742505638;',
    );
  });

  it('given missing values, when the manifest is built, then their pairs are left out', () => {
    expect(signatureManifest({ dataId: undefined, requestId: 'r', ts: '1' })).toBe(
      'request-id:r;ts:1;',
    );
    expect(signatureManifest({ dataId: undefined, requestId: undefined, ts: '1' })).toBe('ts:1;');
  });

  it('given a header signed with the secret, when verified, then it passes', () => {
    const header = signWebhook(secret, { dataId: '123', requestId: 'abc', ts: tsSeconds });
    expect(
      verifyWebhookSignature(secret, header, { dataId: '123', requestId: 'abc' }, tolerance),
    ).toEqual({
      ok: true,
    });
  });

  it('given a millisecond ts, when verified, then the tolerance reads it as milliseconds', () => {
    const header = signWebhook(secret, { dataId: '123', requestId: 'abc', ts: String(now) });
    expect(
      verifyWebhookSignature(secret, header, { dataId: '123', requestId: 'abc' }, tolerance).ok,
    ).toBe(true);
  });

  it('given another payment id, another secret, an old ts or no header, when verified, then it fails', () => {
    const header = signWebhook(secret, { dataId: '123', requestId: 'abc', ts: tsSeconds });
    expect(
      verifyWebhookSignature(secret, header, { dataId: '124', requestId: 'abc' }, tolerance).ok,
    ).toBe(false);
    expect(
      verifyWebhookSignature('outro', header, { dataId: '123', requestId: 'abc' }, tolerance).ok,
    ).toBe(false);
    const old = signWebhook(secret, {
      dataId: '123',
      requestId: 'abc',
      ts: String(now / 1000 - 3600),
    });
    expect(
      verifyWebhookSignature(secret, old, { dataId: '123', requestId: 'abc' }, tolerance),
    ).toEqual({
      ok: false,
      reason: 'ts outside tolerance',
    });
    expect(
      verifyWebhookSignature(secret, undefined, { dataId: '123', requestId: 'abc' }, tolerance).ok,
    ).toBe(false);
    expect(
      verifyWebhookSignature(secret, 'ts=1,v1=zz', { dataId: '1', requestId: 'a' }, tolerance).ok,
    ).toBe(false);
  });
});
