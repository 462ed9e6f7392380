import { describe, expect, it } from 'vitest';
import { copyJson } from './copy';

describe('copyJson', () => {
  it('given nested JSON, then the copy is equal and shares no object', () => {
    const source = { a: { b: [1, { c: 'ç' }] }, d: null };
    const copy = copyJson(source);
    expect(copy).toEqual(source);
    expect(copy.a).not.toBe(source.a);
    expect(copy.a.b).not.toBe(source.a.b);
    expect(copy.a.b[1]).not.toBe(source.a.b[1]);
  });

  it('given undefined values, then fields are dropped and array holes become null', () => {
    expect(copyJson({ a: undefined, b: [undefined, 1] })).toStrictEqual({ b: [null, 1] });
  });

  it('given a Date, then it stays a Date', () => {
    const at = new Date('2025-01-01T00:00:00.000Z');
    const copy = copyJson({ at });
    expect(copy.at).toBeInstanceOf(Date);
    expect(copy.at).not.toBe(at);
    expect(copy.at.getTime()).toBe(at.getTime());
  });

  it('given a "__proto__" key from parsed JSON, then it is copied as data, not as a prototype', () => {
    const source: unknown = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}');
    const copy = copyJson(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(Object(copy), '__proto__')).toBe(true);
    expect(copy).toEqual(source);
  });
});
