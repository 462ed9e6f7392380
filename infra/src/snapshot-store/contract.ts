import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot, SnapshotStore } from './port';

type Factory = () => Promise<{ store: SnapshotStore; cleanup(): Promise<void> }>;

/**
 * The SnapshotStore port's contract, run against every adapter. The store may
 * be shared (a server), so every test uses streams of its own.
 */
export function snapshotStoreContract(name: string, factory: Factory): void {
  describe(`SnapshotStore contract: ${name}`, () => {
    let store: SnapshotStore;
    let cleanup: () => Promise<void> = async () => {};
    const run = randomUUID().slice(0, 8);
    let streamCount = 0;
    const newStream = (): string => `user-${run}x${String(++streamCount).padStart(4, '0')}`;
    const snapshot = (overrides: Partial<Snapshot> = {}): Snapshot => ({
      version: 'user-1',
      revision: 99,
      position: 1_234,
      state: { status: 'active', name: 'Dona Benta', notifications: { email: true, sms: false } },
      ...overrides,
    });

    beforeAll(async () => {
      ({ store, cleanup } = await factory());
    });

    afterAll(async () => {
      await store.close();
      await cleanup();
    });

    it('given a stream never snapshotted, when read, then null', async () => {
      expect(await store.read(newStream())).toBeNull();
    });

    it('given a snapshot written, when read, then the same version, revision, position and state come back', async () => {
      const stream = newStream();
      const written = snapshot({
        state: {
          status: 'active',
          name: 'Açúcar & Canela',
          tags: ['doce', null, 1.5],
          pending: null,
        },
      });
      await store.write(stream, written);
      expect(await store.read(stream)).toEqual(written);
    });

    it('given a snapshot written, when the caller mutates its object afterwards, then the stored state is unchanged', async () => {
      const stream = newStream();
      const state = { count: 1 };
      await store.write(stream, snapshot({ state }));
      state.count = 2;
      const read = await store.read(stream);
      expect(read?.state).toEqual({ count: 1 });
    });

    it('given a snapshot at revision 199, when one at revision 99 of the same version is written, then 199 stays', async () => {
      const stream = newStream();
      await store.write(stream, snapshot({ revision: 199, position: 2_000, state: 'newer' }));
      await store.write(stream, snapshot({ revision: 99, position: 1_000, state: 'older' }));
      expect(await store.read(stream)).toMatchObject({
        revision: 199,
        position: 2_000,
        state: 'newer',
      });
    });

    it('given a snapshot at revision 99, when one at the same revision is written again, then the first stays', async () => {
      const stream = newStream();
      await store.write(stream, snapshot({ state: 'first' }));
      await store.write(stream, snapshot({ state: 'second' }));
      expect((await store.read(stream))?.state).toBe('first');
    });

    it('given a snapshot at revision 99, when one at revision 199 is written, then it replaces it', async () => {
      const stream = newStream();
      await store.write(stream, snapshot());
      await store.write(stream, snapshot({ revision: 199, position: 2_000, state: 'newer' }));
      expect(await store.read(stream)).toMatchObject({ revision: 199, state: 'newer' });
    });

    it('given a snapshot of version 1 at revision 199, when version 2 writes one at revision 99, then version 2 replaces it', async () => {
      const stream = newStream();
      await store.write(stream, snapshot({ version: 'user-1', revision: 199 }));
      await store.write(stream, snapshot({ version: 'user-2', revision: 99, state: 'v2' }));
      expect(await store.read(stream)).toMatchObject({
        version: 'user-2',
        revision: 99,
        state: 'v2',
      });
    });

    it('given two streams, when each is snapshotted, then each reads back its own', async () => {
      const [first, second] = [newStream(), newStream()];
      await store.write(first, snapshot({ state: 'first' }));
      await store.write(second, snapshot({ state: 'second' }));
      expect((await store.read(first))?.state).toBe('first');
      expect((await store.read(second))?.state).toBe('second');
    });

    it('given eight writers racing with revisions 0 to 7, when all are done, then revision 7 is stored whole', async () => {
      const stream = newStream();
      const revisions = Array.from({ length: 8 }, (_, revision) => revision);
      await Promise.all(
        revisions.map((revision) =>
          store.write(stream, snapshot({ revision, position: revision + 1, state: { revision } })),
        ),
      );
      expect(await store.read(stream)).toEqual(
        snapshot({ revision: 7, position: 8, state: { revision: 7 } }),
      );
    });
  });
}
