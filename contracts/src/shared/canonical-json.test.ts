import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('given the same value spelled in another key order, with undefined entries, then the same text', () => {
    const a = { b: 1, a: { d: undefined, c: [2, { y: true, x: null }] } };
    const b = { a: { c: [2, { x: null, y: true }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"c":[2,{"x":null,"y":true}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('given a Date, then its ISO text, as JSON.stringify writes it', () => {
    expect(canonicalJson({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('given a checkout request, then the hash stored in orders before this module is unchanged', () => {
    // Orders placed earlier keep this fingerprint in their events: a retry must still match it.
    const order = {
      userId: 'u-1',
      firstName: 'Maria',
      lastName: 'Silva',
      email: 'maria@example.com',
      docNumber: '12345678909',
      paymentMethod: 'pix',
      deliveryType: 'delivery',
      deliveryDate: '2026-12-05T10:00',
      total: 120,
      items: [{ id: 'p1', title: 'Coxinha', quantity: 100 }],
      address: {
        zipCode: '01310100',
        streetName: 'Av. Paulista',
        streetNumber: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        federalUnit: 'SP',
        complement: undefined,
      },
    };
    const hash = createHash('sha256').update(canonicalJson(order)).digest('hex');
    expect(hash).toBe('4ca23a01218235383e346792650d0a36fd610aaf089c776fde50980716146957');
  });

  it('given a value that refers to itself, then it throws rather than writing half of it', () => {
    const loop: Record<string, unknown> = {};
    loop['self'] = loop;
    expect(() => canonicalJson(loop)).toThrow(TypeError);
  });
});
