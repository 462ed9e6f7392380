import type { Response } from 'express';
import { foldForSearch, POSITION_HEADER } from '@quitute/contracts';
import { checkpointReader } from '@quitute/infra/projection-progress';
import {
  escapeRegex,
  type Filter,
  type FindOptions,
  type ReadCollection,
  type ReadStore,
} from '@quitute/infra/read-store';

/** How often an answer is computed again when the read models moved while it was computed. */
const STABLE_ATTEMPTS = 3;

/**
 * Reproducible reports (issue 13): computes an answer over the read models of
 * `projections` and says at which global position. The checkpoints are read
 * before the documents (a checkpoint is written after the documents it
 * covers), so every event up to the position is in the answer; the answer is
 * computed again while the checkpoint moved during the computation, so on a
 * log at rest it is the read models' state at exactly that position (under a
 * steady stream of writes, after the last attempt, it may hold a few events
 * more).
 */
export function positionedReads(readStore: ReadStore, projections: readonly string[]) {
  const readers = projections.map((name) => checkpointReader(readStore, name));
  const position = async () => Math.min(...(await Promise.all(readers.map((read) => read()))));
  return async <T>(compute: () => Promise<T>): Promise<{ answer: T; position: number }> => {
    for (let attempt = 1; ; attempt += 1) {
      const before = await position();
      const answer = await compute();
      if (attempt === STABLE_ATTEMPTS || (await position()) === before) {
        return { answer, position: before };
      }
    }
  };
}

/** Every admin answer: never cached by a browser or a proxy, with the position it was computed at. */
export function sendAdminAnswer(res: Response, position: number, body: unknown): void {
  res.set('Cache-Control', 'private, no-store').set(POSITION_HEADER, String(position)).json(body);
}

export interface Page<T> {
  documents: T[];
  total: number;
  totalPages: number;
  page: number;
}

/** One page of a filtered, sorted list, with how many match in all; an empty list has 1 page. */
export async function pageOf<T extends { _id: string }>(
  collection: ReadCollection,
  filter: Filter,
  sort: NonNullable<FindOptions['sort']>,
  { page, limit }: { page: number; limit: number },
  parse: (document: unknown) => T,
): Promise<Page<T>> {
  const [documents, total] = await Promise.all([
    collection.find(filter, { sort, skip: (page - 1) * limit, limit }),
    collection.count(filter),
  ]);
  return {
    documents: documents.map(parse),
    total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    page,
  };
}

/** Matches a folded `searchText` containing the search, accents and case aside. */
export function searchTextFilter(search: string): Filter {
  return { searchText: { $regex: escapeRegex(foldForSearch(search)) } };
}

/** Portuguese letters and the accented forms each stands for. */
const ACCENTED: Record<string, string> = {
  a: 'aáàâãä',
  e: 'eéèêë',
  i: 'iíìîï',
  o: 'oóòôõö',
  u: 'uúùûü',
  c: 'cç',
  n: 'nñ',
};

/**
 * A case- and accent-insensitive substring match of a field stored as typed
 * (`joao` finds "João"), for read models without a folded search text.
 */
export function containsFilter(field: string, search: string): Filter {
  const pattern = Array.from(foldForSearch(search), (letter) => {
    const forms = ACCENTED[letter];
    return forms ? `[${forms}]` : escapeRegex(letter);
  }).join('');
  return { [field]: { $regex: pattern, $options: 'i' } };
}
