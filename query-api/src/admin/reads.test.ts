import { describe, expect, it } from 'vitest';
import { writeCheckpoint } from '@quitute/infra/projection-progress';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { containsFilter, positionedReads } from './reads';

describe('positionedReads', () => {
  it('given two read models at different checkpoints, then the answer is at the lower one', async () => {
    const readStore = createMemoryReadStore();
    await writeCheckpoint(readStore, 'a_v1', 40);
    await writeCheckpoint(readStore, 'b_v1', 42);

    const { position } = await positionedReads(readStore, ['a_v1', 'b_v1'])(async () => 'x');

    expect(position).toBe(40);
  });

  it('given the checkpoint moving while the answer is computed, then it is computed again at the new one', async () => {
    const readStore = createMemoryReadStore();
    await writeCheckpoint(readStore, 'a_v1', 10);
    let computed = 0;

    const result = await positionedReads(readStore, ['a_v1'])(async () => {
      computed += 1;
      if (computed === 1) await writeCheckpoint(readStore, 'a_v1', 11);
      return computed;
    });

    expect(result).toEqual({ answer: 2, position: 11 });
  });

  it('given the checkpoint moving during every attempt, then the third answer, at the position read before it', async () => {
    const readStore = createMemoryReadStore();
    let checkpoint = 0;
    await writeCheckpoint(readStore, 'a_v1', checkpoint);

    const result = await positionedReads(readStore, ['a_v1'])(async () => {
      checkpoint += 1;
      await writeCheckpoint(readStore, 'a_v1', checkpoint);
      return checkpoint;
    });

    expect(result).toEqual({ answer: 3, position: 2 });
  });
});

describe('containsFilter', () => {
  const matches = async (search: string, name: string) => {
    const people = createMemoryReadStore().collection('people');
    await people.put({ _id: '1', name });
    return (await people.count(containsFilter('name', search))) === 1;
  };

  it('given a search without accents or in capitals, then names with them match; other letters do not', async () => {
    expect(await matches('joao', 'João Conceição')).toBe(true);
    expect(await matches('CONCEIÇAO', 'João Conceição')).toBe(true);
    expect(await matches('a.b', 'João Conceição')).toBe(false);
    expect(await matches('a.b', 'ana.b@x.com')).toBe(true);
    expect(await matches('joana', 'João Conceição')).toBe(false);
  });
});
