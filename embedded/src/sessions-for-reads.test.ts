import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '@quitute/infra/event-store';
import { sessionsForReads } from './server';

describe('sessionsForReads', () => {
  const sessions = (sessionVersion: number) => ({ sessionVersion, endedSessionIds: [] });
  const readModel = async (userId: string) => (userId === 'ana' ? sessions(1) : null);

  it('given the session view answers, then its answer counts, the read model’s not', async () => {
    const lookup = sessionsForReads(
      async (userId) => (userId === 'ana' ? sessions(2) : null),
      readModel,
    );

    expect(await lookup('ana')).toEqual(sessions(2));
    expect(await lookup('bia')).toBeNull();
  });

  it('given the event store cannot be read, when the view would read it, then the read model answers', async () => {
    const lookup = sessionsForReads(async () => {
      throw new StoreUnavailableError(new Error('connection refused'));
    }, readModel);

    expect(await lookup('ana')).toEqual(sessions(1));
  });

  it('given any other failure of the view, then it is not hidden', async () => {
    const lookup = sessionsForReads(async () => {
      throw new Error('bug');
    }, readModel);

    await expect(lookup('ana')).rejects.toThrow('bug');
  });
});
