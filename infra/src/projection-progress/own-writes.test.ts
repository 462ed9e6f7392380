import { describe, expect, it } from 'vitest';
import { createOwnWrites } from './own-writes';

describe('createOwnWrites', () => {
  it('given writes of two users, then each reads back its own highest position', () => {
    const ownWrites = createOwnWrites();
    ownWrites.record('ana', 7);
    ownWrites.record('bia', 3);
    ownWrites.record('ana', 5);

    expect(ownWrites.lastPosition('ana')).toBe(7);
    expect(ownWrites.lastPosition('bia')).toBe(3);
    expect(ownWrites.lastPosition('caio')).toBe(0);
  });

  it('given more writers than it keeps, then the least recent writer is forgotten first', () => {
    const ownWrites = createOwnWrites(2);
    ownWrites.record('ana', 1);
    ownWrites.record('bia', 2);
    ownWrites.record('ana', 3);
    ownWrites.record('caio', 4);

    expect(ownWrites.lastPosition('bia')).toBe(0);
    expect(ownWrites.lastPosition('ana')).toBe(3);
    expect(ownWrites.lastPosition('caio')).toBe(4);
  });
});
