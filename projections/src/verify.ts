import type { EventStore } from '@quitute/infra/event-store';
import { readCheckpoint } from '@quitute/infra/projection-progress';
import type { ReadDocument, ReadStore } from '@quitute/infra/read-store';
import type { Projection } from './projection';
import { applyLog, startBuild, storedForm, type BuiltDocuments, type OnProgress } from './rebuild';

/**
 * One document where the live collection and a rebuild from the log disagree:
 * `missing` (the rebuild has it, the live collection not), `extra` (the other
 * way round) or `different` (with the top-level fields that differ).
 */
export interface DocumentDifference {
  id: string;
  kind: 'missing' | 'extra' | 'different';
  fields: string[];
}

export interface VerifyResult {
  projection: string;
  collection: string;
  /** The checkpoint both sides were compared at. */
  position: number;
  documents: number;
  differences: DocumentDifference[];
  elapsedMs: number;
}

/** Rounds of catching up with a live projection that moved while it was compared. */
const MAX_ROUNDS = 10;

/**
 * `projections verify`: rebuilds the projection from the log in memory (the
 * scratch collection: never written, so nothing to drop) up to its live
 * checkpoint and compares every document with the live collection, `_position`
 * included: both sides set it the same way (the last event applied to the
 * document), and a wrong one is a real fault (the runner would skip or re-apply
 * events on it).
 *
 * The live projection may go on meanwhile (a running shop): its runner writes
 * the documents before the checkpoint, so every live document read after the
 * checkpoint is at that position or later. A document that differs is read
 * again after catching the rebuild up to the newer checkpoint, until the
 * checkpoint stops moving, so a running shop gives no false difference.
 */
export async function verifyProjection(options: {
  eventStore: Pick<EventStore, 'readAll'>;
  readStore: ReadStore;
  projection: Projection;
  onProgress?: OnProgress;
}): Promise<VerifyResult> {
  const { eventStore, readStore, projection, onProgress } = options;
  const started = performance.now();
  const live = readStore.collection(projection.collection);
  const checkpoint = () => readCheckpoint(readStore, projection.name);
  const building = startBuild(projection);
  const built = building.build.documents;
  let position = await checkpoint();
  const report = (phase: 'reading' | 'comparing', events: number, at: number) =>
    onProgress?.({
      projection: projection.name,
      phase,
      events,
      position: at,
      head: position,
      elapsedMs: performance.now() - started,
    });
  let events = await applyLog({
    eventStore,
    builds: [building],
    from: 0,
    to: position,
    onPage: (read, at) => report('reading', read, at),
  });
  report('comparing', events, position);
  const liveDocuments = new Map<string, ReadDocument>();
  for (const document of await live.find({})) liveDocuments.set(document._id, document);
  let differences = compare(
    built,
    liveDocuments,
    new Set([...built.keys(), ...liveDocuments.keys()]),
  );

  for (let round = 0; round < MAX_ROUNDS && differences.length > 0; round += 1) {
    const next = await checkpoint();
    if (next <= position) break;
    events += await applyLog({
      eventStore,
      builds: [building],
      from: position,
      to: next,
    });
    position = next;
    const ids = new Set(differences.map((difference) => difference.id));
    for (const id of ids) {
      const document = await live.get(id);
      if (document) liveDocuments.set(id, document);
      else liveDocuments.delete(id);
    }
    differences = compare(built, liveDocuments, ids);
  }
  let documents = 0;
  for (const entry of built.values()) if (entry.document !== null) documents += 1;
  return {
    projection: projection.name,
    collection: projection.collection,
    position,
    documents,
    differences: differences.sort((a, b) => a.id.localeCompare(b.id)),
    elapsedMs: performance.now() - started,
  };
}

function compare(
  built: BuiltDocuments,
  live: ReadonlyMap<string, ReadDocument>,
  ids: Iterable<string>,
): DocumentDifference[] {
  const differences: DocumentDifference[] = [];
  for (const id of ids) {
    const entry = built.get(id);
    const expected = entry?.document ? storedForm(entry.document, entry.position) : undefined;
    const actual = live.get(id);
    if (expected && !actual) differences.push({ id, kind: 'missing', fields: [] });
    else if (!expected && actual) differences.push({ id, kind: 'extra', fields: [] });
    else if (expected && actual) {
      const fields = differentFields(expected, actual);
      if (fields.length > 0) differences.push({ id, kind: 'different', fields });
    }
  }
  return differences;
}

/** Top-level fields whose values differ; an undefined field counts as absent (as the stores keep it). */
export function differentFields(a: ReadDocument, b: ReadDocument): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => !sameValue(a[key], b[key])).sort();
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (typeof a !== 'object' || typeof b !== 'object') {
    return Number.isNaN(a) && Number.isNaN(b);
  }
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((element, index) => sameValue(element, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameValue(left[key], right[key])) return false;
  return true;
}
