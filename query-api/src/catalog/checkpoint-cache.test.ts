import { describe, expect, it } from 'vitest';
import { CheckpointCache } from './checkpoint-cache';

describe('CheckpointCache', () => {
  it('given a value cached at a checkpoint, then it is found at that checkpoint only', () => {
    const cache = new CheckpointCache<string>(4);
    cache.set(7, 'all', 'menu at 7');
    expect(cache.get(7, 'all')).toBe('menu at 7');
    expect(cache.get(8, 'all')).toBeUndefined();
    expect(cache.get(6, 'all')).toBeUndefined();
    expect(cache.get(7, 'other')).toBeUndefined();
  });

  it('given values at one checkpoint, when one is cached at another, then the old ones are gone', () => {
    const cache = new CheckpointCache<string>(4);
    cache.set(7, 'a', 'a at 7');
    cache.set(7, 'b', 'b at 7');
    cache.set(9, 'a', 'a at 9');
    expect(cache.get(9, 'a')).toBe('a at 9');
    expect(cache.get(9, 'b')).toBeUndefined();
    expect(cache.get(7, 'b')).toBeUndefined();
  });

  it('given a full cache, when another key is cached, then the oldest key is evicted', () => {
    const cache = new CheckpointCache<number>(2);
    cache.set(1, 'a', 1);
    cache.set(1, 'b', 2);
    cache.set(1, 'c', 3);
    expect(cache.get(1, 'a')).toBeUndefined();
    expect(cache.get(1, 'b')).toBe(2);
    expect(cache.get(1, 'c')).toBe(3);
  });
});
