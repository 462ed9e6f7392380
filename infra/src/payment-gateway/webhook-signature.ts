import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Mercado Pago's webhook `x-signature` scheme (integration-facts §4.8), the
 * same for the real provider and for the simulator that imitates it.
 * Manifest: `id:<data.id lower-cased>;request-id:<x-request-id>;ts:<ts>;`,
 * leaving out a pair whose value is missing; HMAC-SHA256 hex with the secret.
 */
export interface SignatureInput {
  dataId: string | undefined;
  requestId: string | undefined;
  ts: string;
}

export function signatureManifest({ dataId, requestId, ts }: SignatureInput): string {
  const id = dataId ? `id:${dataId.toLowerCase()};` : '';
  const request = requestId ? `request-id:${requestId};` : '';
  return `${id}${request}ts:${ts};`;
}

export function signWebhook(secret: string, input: SignatureInput): string {
  const v1 = createHmac('sha256', secret).update(signatureManifest(input)).digest('hex');
  return `ts=${input.ts},v1=${v1}`;
}

/** `ts` is seconds in the published SDK and milliseconds in a later one: accept both. */
export function signatureTimeMs(ts: string): number {
  const value = Number(ts);
  return ts.length > 11 ? value : value * 1000;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  input: Omit<SignatureInput, 'ts'>,
  options: { nowMs: number; toleranceMs: number },
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing x-signature' };
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    parts.set(part.slice(0, equals).trim().toLowerCase(), part.slice(equals + 1).trim());
  }
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  if (!ts || !/^\d{1,16}$/.test(ts)) return { ok: false, reason: 'missing or malformed ts' };
  if (!v1 || !/^[0-9a-f]{64}$/i.test(v1)) return { ok: false, reason: 'missing or malformed v1' };
  if (Math.abs(options.nowMs - signatureTimeMs(ts)) > options.toleranceMs) {
    return { ok: false, reason: 'ts outside tolerance' };
  }
  const expected = createHmac('sha256', secret)
    .update(signatureManifest({ ...input, ts }))
    .digest();
  const given = Buffer.from(v1, 'hex');
  if (!timingSafeEqual(expected, given)) return { ok: false, reason: 'signature mismatch' };
  return { ok: true };
}
