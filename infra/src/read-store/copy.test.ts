import { describe, expect, it } from 'vitest';
import { copyJson, createStringPool, isJson, shareStrings } from './copy';

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

describe('isJson', () => {
  it('given a value copyJson keeps as it is, then it is JSON', () => {
    expect(isJson({ a: { b: [1, { c: 'ç' }, true, null] }, n: -0.5 })).toBe(true);
    expect(isJson(JSON.parse('{"__proto__": {"x": 1}}'))).toBe(true);
  });

  it('given anything copyJson would change, then it is not JSON', () => {
    expect(isJson({ a: undefined })).toBe(false);
    expect(isJson({ a: [1, undefined] })).toBe(false);
    // eslint-disable-next-line no-sparse-arrays -- a hole, as an array can hold
    expect(isJson({ a: [1, , 2] })).toBe(false);
    expect(isJson({ at: new Date(0) })).toBe(false);
    expect(isJson({ nested: { f: () => 1 } })).toBe(false);
    expect(isJson(Object.assign(Object.create({ inherited: 1 }) as object, { own: 1 }))).toBe(
      false,
    );
  });
});

describe('copyJson with a string picker, shareStrings', () => {
  const source = () => ({ id: 'a', lines: [{ name: 'b' }, 'c'], n: 1, none: null });

  it('given a picker, then each string of the copy is what the picker gave for it, the rest as copied', () => {
    expect(copyJson(source(), (value) => value.toUpperCase())).toEqual({
      id: 'A',
      lines: [{ name: 'B' }, 'C'],
      n: 1,
      none: null,
    });
  });

  it('given a parsed value, when its strings are shared in place, then each string is replaced by what the picker gave', () => {
    const value = source();
    shareStrings(value, (text) => `${text}!`);
    expect(value).toEqual({ id: 'a!', lines: [{ name: 'b!' }, 'c!'], n: 1, none: null });
  });
});

describe('createStringPool', () => {
  it('given a string seen before, then an equal string comes back and the pool holds it once', () => {
    const pool = createStringPool();
    const id = '7d3c52a5-5f5e-4f3b-9a53-0f6f2a4f1c11';
    expect(pool.share(id)).toBe(id);
    expect(pool.share(`${id}`.slice(0))).toBe(id);
    expect(pool.size()).toBe(1);
  });

  it('given strings too short or too long to pool, then they come back as given and are not held', () => {
    const pool = createStringPool({ minLength: 11, maxLength: 64 });
    expect(pool.share('pix')).toBe('pix');
    expect(pool.share('x'.repeat(65))).toBe('x'.repeat(65));
    expect(pool.size()).toBe(0);
  });

  it('given more distinct strings than two generations hold, then it holds at most two generations, and a string seen again stays', () => {
    const pool = createStringPool({ generationSize: 100 });
    const kept = 'a string seen all along';
    for (let i = 0; i < 1_000; i += 1) {
      pool.share(`a string numbered ${i}`);
      pool.share(kept);
    }
    expect(pool.size()).toBeLessThanOrEqual(200);
    const before = pool.size();
    pool.share(kept);
    expect(pool.size()).toBe(before);
  });
});
