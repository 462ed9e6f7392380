import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryEventStore, type EventStore } from '../event-store';
import { z } from 'zod';
import {
  readSavedState,
  restoreViews,
  savePeriodically,
  saveViews,
  writeSavedState,
  type SavableView,
} from './index';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-saved-views-'));
  file = path.join(dir, 'views.jsonl');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A view keeping a Map, at the position the test says. */
function mapView(savedName: string, position = 0, entries: [string, unknown][] = []) {
  const state = { position, map: new Map(entries) };
  const view: SavableView = {
    savedName,
    reached: () => state.position,
    capture: () => ({ position: state.position, entries: [...state.map] }),
    restore(restoredAt, restored) {
      state.position = restoredAt;
      for (const entry of restored) state.map.set(...(entry as [string, unknown]));
    },
  };
  return { view, state };
}

/** Reads a file of `{ format: 'test' }` back: its status and the items kept, in order. */
async function readBack(saved: string, keep: (section: string) => boolean = () => true) {
  const adopted: unknown[] = [];
  const read = await readSavedState(saved, {
    header: z.object({ format: z.literal('test') }),
    keep,
    isItem: () => true,
    adopt: (item) => adopted.push(item),
  });
  return { status: read.status, adopted };
}

async function logOf(events: number): Promise<EventStore> {
  const store = createMemoryEventStore();
  for (let n = 0; n < events; n += 1) {
    await store.appendToStream(
      `s-${n}`,
      [
        {
          id: crypto.randomUUID(),
          type: 'Happened',
          data: { n },
          metadata: {
            correlationId: 'c',
            causationId: 'c',
            actorId: 'system',
            actorRole: 'system',
            occurredAt: '2026-11-25T12:00:00.000Z',
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  }
  return store;
}

describe('views saved between runs', () => {
  it('given views saved, when views of the same names restore from this log, then each gets its position and entries', async () => {
    const log = await logOf(5);
    const catalog = mapView('catalog@1', 5, [['p1', { name: 'Coxinha' }]]);
    const sessions = mapView('sessions@1', 3, [['u1', { version: 2 }]]);
    await saveViews(file, [catalog.view, sessions.view], log);
    const catalogAgain = mapView('catalog@1');
    const sessionsAgain = mapView('sessions@1');

    const result = await restoreViews(file, [catalogAgain.view, sessionsAgain.view], log);

    expect(result).toEqual({ restored: ['catalog@1', 'sessions@1'] });
    expect(catalogAgain.state).toEqual(catalog.state);
    expect(sessionsAgain.state).toEqual(sessions.state);
  });

  it('given a save of another log, or of another version of a view, when restoring, then those views start empty', async () => {
    const other = await logOf(5);
    await saveViews(file, [mapView('catalog@1', 5, [['p1', 1]]).view], other);
    const log = await logOf(5);
    const fromAnotherLog = mapView('catalog@1');
    const newerShape = mapView('catalog@2');

    expect(await restoreViews(file, [fromAnotherLog.view, newerShape.view], log)).toEqual({
      restored: [],
    });
    expect(fromAnotherLog.state).toEqual({ position: 0, map: new Map() });
    expect(newerShape.state).toEqual({ position: 0, map: new Map() });
  });

  it('given a damaged save, when restoring, then no view is restored and the reason is given', async () => {
    const log = await logOf(2);
    await saveViews(file, [mapView('catalog@1', 2, [['p1', 1]]).view], log);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').split('\n').slice(0, 2).join('\n'));
    const view = mapView('catalog@1');

    expect(await restoreViews(file, [view.view], log)).toEqual({
      restored: [],
      unreadable: 'the file ends before its end line (cut short)',
    });
    expect(view.state.position).toBe(0);
  });
});

describe('savePeriodically', () => {
  it('given a state that did not move, when saved again, then it is not written; when it moved, close writes it', async () => {
    let version = 'v1';
    const saves: string[] = [];
    const saver = savePeriodically({
      version: () => version,
      save: async () => {
        saves.push(version);
      },
      intervalMs: 60_000,
      onError: () => undefined,
    });

    await saver.save();
    await saver.save();
    version = 'v2';
    await saver.close();

    expect(saves).toEqual(['v1', 'v2']);
  });

  it('given the version the file already holds (a state loaded from it), when nothing moved, then neither a save nor close writes; once it moved, close does', async () => {
    let version = 'loaded';
    const saves: string[] = [];
    const saver = () =>
      savePeriodically({
        version: () => version,
        save: async () => {
          saves.push(version);
        },
        intervalMs: 60_000,
        onError: () => undefined,
        savedVersion: 'loaded',
      });

    const unmoved = saver();
    await unmoved.save();
    await unmoved.close();
    expect(saves).toEqual([]);

    const moved = saver();
    version = 'moved';
    await moved.close();
    expect(saves).toEqual(['moved']);
  });
});

describe('savePeriodically.saveSoon', () => {
  it('given a save that fails, when saved soon or on close, then each failure reaches onError and nothing is thrown', async () => {
    const errors: unknown[] = [];
    const saver = savePeriodically({
      version: () => 'v1',
      save: async () => {
        throw new Error('disco cheio');
      },
      intervalMs: 60_000,
      onError: (error) => errors.push(error),
    });

    saver.saveSoon();

    await vi.waitFor(() => expect(errors).toEqual([new Error('disco cheio')]));
    await saver.close();
    expect(errors).toEqual([new Error('disco cheio'), new Error('disco cheio')]);
  });
});

describe('writeSavedState', () => {
  it('given a file in a folder that does not exist yet, when saved, then the folder is made for the owner only and the state reads back', async () => {
    const nested = path.join(dir, 'data', 'ainda-nao');
    const saved = path.join(nested, 'read-models.jsonl');

    await writeSavedState(saved, { format: 'test' }, [{ name: 'kept', items: [{ _id: 'a' }] }]);

    expect(fs.statSync(nested).mode & 0o777).toBe(0o700);
    expect(await readBack(saved)).toEqual({ status: 'loaded', adopted: [{ _id: 'a' }] });
  });
});

describe('readSavedState', () => {
  it('given sections longer than a line, when read keeping one, then adopt is told of each kept item once, in order, and of no other', async () => {
    const kept = Array.from({ length: 120 }, (_, n) => ({ _id: `k${n}` }));
    const left = Array.from({ length: 70 }, (_, n) => ({ _id: `l${n}` }));
    await writeSavedState(file, { format: 'test' }, [
      { name: 'kept', items: kept },
      { name: 'left', items: left },
    ]);

    const read = await readBack(file, (name) => name === 'kept');

    expect(read).toEqual({ status: 'loaded', adopted: kept });
    expect(fs.readFileSync(file, 'utf8').split('\n').length).toBeGreaterThan(4);
  });

  it('given more than the write buffer holds, with accented text and a line longer than the buffer, when written and read back, then every item is as it was and the bytes are counted', async () => {
    const items = Array.from({ length: 3_000 }, (_, n) => ({
      _id: `pedido-${n}`,
      cliente: `Conceição Araújo nº ${n}`,
      nota: 'ã'.repeat(400),
    }));
    const huge = { _id: 'enorme', texto: 'coxinha '.repeat(200_000) };
    const saved = [...items.slice(0, 1_500), huge, ...items.slice(1_500)];

    const written = await writeSavedState(file, { format: 'test' }, [
      { name: 'kept', items: saved },
    ]);

    expect(written.bytes).toBe(fs.statSync(file).size);
    expect(written.bytes).toBeGreaterThan(2 * 1024 * 1024);
    expect(await readBack(file)).toEqual({ status: 'loaded', adopted: saved });
  });
});
