import { describe, expect, it } from 'vitest';
import { dedupeById, recentIds } from './dedupe';
import type { BusMessage } from './port';

const message = (id: string): BusMessage => ({ id, key: 'k', type: 'T', payload: {} });

describe('dedupeById', () => {
  it('given a handled id, when the same id comes again, then the handler is not called again', async () => {
    const handled: string[] = [];
    const handler = dedupeById(async (m) => {
      handled.push(m.id);
    }, new Set<string>());
    await handler(message('a'));
    await handler(message('a'));
    await handler(message('b'));
    expect(handled).toEqual(['a', 'b']);
  });

  it('given a handler that failed, when the id comes again, then it is handled (the failure did not record it)', async () => {
    let calls = 0;
    const seen = new Set<string>();
    const handler = dedupeById(async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
    }, seen);
    await expect(handler(message('a'))).rejects.toThrow('boom');
    expect(seen.has('a')).toBe(false);
    await handler(message('a'));
    await handler(message('a'));
    expect(calls).toBe(2);
    expect(seen.has('a')).toBe(true);
  });

  it('given an async store, then it is awaited', async () => {
    const stored = new Set<string>();
    const seen = {
      has: async (id: string) => stored.has(id),
      add: async (id: string) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        stored.add(id);
      },
    };
    const handled: string[] = [];
    const handler = dedupeById(async (m) => {
      handled.push(m.id);
    }, seen);
    await handler(message('a'));
    await handler(message('a'));
    expect(handled).toEqual(['a']);
  });
});

describe('recentIds', () => {
  it('given more ids than its capacity, then the oldest is forgotten and the rest kept', () => {
    const ids = recentIds(2);
    ids.add('a');
    ids.add('b');
    ids.add('c');
    expect(ids.has('a')).toBe(false);
    expect(ids.has('b')).toBe(true);
    expect(ids.has('c')).toBe(true);
    expect(ids.size).toBe(2);
  });

  it('given an id added again, then it counts as the newest', () => {
    const ids = recentIds(2);
    ids.add('a');
    ids.add('b');
    ids.add('a');
    ids.add('c');
    expect(ids.has('a')).toBe(true);
    expect(ids.has('b')).toBe(false);
  });

  it('given a capacity below 1, then it is rejected', () => {
    expect(() => recentIds(0)).toThrow(RangeError);
  });
});
