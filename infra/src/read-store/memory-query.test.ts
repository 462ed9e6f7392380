import fc from 'fast-check';
import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import { filterDocuments, firstSorted, sortDocuments } from './memory-query';
import type { Filter, ReadDocument } from './port';

/** The cheaper paths must answer exactly as mingo (MongoDB semantics) would. */

// `constructor`: a name the prototype answers when the document lacks it.
const FIELDS = ['a', 'b', 'c', 'constructor'] as const;
/** Documents and filters are JSON: objects with the usual prototype (fast-check's default has none). */
const plain = { noNullPrototype: true } as const;
const strings = fc.constantFrom(
  '',
  'a',
  'B',
  'ana',
  'Ana',
  'pão',
  'PÃO',
  '2026-11',
  '2026-11-25',
  '10',
  'z',
);
const numbers = fc.oneof(fc.integer({ min: -3, max: 12 }), fc.constantFrom(0.5, 10.25, -0));
/** Values a document may hold that a filter would not use as a bound. */
const oddNumbers = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY);
const scalars = fc.oneof(strings, numbers, fc.boolean(), fc.constant(null));
const values = fc.oneof(
  { weight: 6, arbitrary: scalars },
  { weight: 1, arbitrary: oddNumbers },
  { weight: 1, arbitrary: fc.array(scalars, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.record({ x: scalars }, { noNullPrototype: true }) },
);

const documents = fc
  .array(
    fc.record(
      { a: values, b: values, c: values, constructor: values },
      { requiredKeys: [], noNullPrototype: true },
    ),
    { maxLength: 12 },
  )
  .map((records) =>
    records.map((record, index): ReadDocument => ({ _id: `d${index}`, ...record })),
  );

const field = fc.constantFrom(...FIELDS);
const condition: fc.Arbitrary<unknown> = fc.oneof(
  scalars,
  fc.record({ $in: fc.array(scalars, { maxLength: 3 }) }, plain),
  fc.record({ $eq: scalars }, plain),
  fc
    .tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), fc.oneof(strings, numbers))
    .map(([operator, bound]) => ({ [operator]: bound })),
  fc.record({ $gte: numbers, $lt: numbers }, plain),
  fc.record({ $gte: strings, $lt: strings }, plain),
  fc
    .tuple(fc.constantFrom('an', '^a', 'ã', 'o$', '2026-1', '\\d'), fc.constantFrom('', 'i'))
    .map(([$regex, $options]) => ($options ? { $regex, $options } : { $regex })),
  // Not on a cheaper path: mingo answers.
  fc.record({ $ne: scalars }, plain),
  fc.record({ $exists: fc.boolean() }, plain),
);
const simpleFilter = fc.dictionary(field, condition, { maxKeys: 2, noNullPrototype: true });
const filter: fc.Arbitrary<Filter> = fc.oneof(
  simpleFilter,
  fc.record({ $or: fc.array(simpleFilter, { minLength: 1, maxLength: 3 }) }, plain),
  fc
    .tuple(simpleFilter, fc.array(simpleFilter, { minLength: 1, maxLength: 2 }))
    .map(([base, parts]) => ({ ...base, $and: parts })),
);

const ids = (found: readonly ReadDocument[]) => found.map((document) => document._id);

describe('memory read store: cheaper query paths', () => {
  it('given any documents and filter of the covered kinds (and some others), then the same matches as mingo', () => {
    fc.assert(
      fc.property(documents, filter, (docs, query) => {
        const expected = docs.filter((document) => new Query(query).test(document));
        expect(ids(filterDocuments(docs, query))).toEqual(ids(expected));
      }),
      { numRuns: 3_000 },
    );
  });

  it('given documents sorted on fields of one type, or of mixed types, then the same order as mingo', () => {
    const sortable = fc.oneof(
      fc.array(fc.record({ a: strings, b: numbers }, { noNullPrototype: true }), { maxLength: 15 }),
      fc.array(fc.record({ a: numbers, b: strings }, { noNullPrototype: true }), { maxLength: 15 }),
      fc.array(fc.record({ a: values, b: values }, { requiredKeys: [], noNullPrototype: true }), {
        maxLength: 15,
      }),
    );
    const sort = fc.oneof(
      fc.record({ a: fc.constantFrom<1 | -1>(1, -1) }, plain),
      fc.record({ a: fc.constantFrom<1 | -1>(1, -1), b: fc.constantFrom<1 | -1>(1, -1) }, plain),
      fc.record({ b: fc.constantFrom<1 | -1>(1, -1), a: fc.constantFrom<1 | -1>(1, -1) }, plain),
    );
    fc.assert(
      fc.property(sortable, sort, (records, order) => {
        const docs = records.map((record, index): ReadDocument => ({
          _id: `d${index}`,
          ...record,
        }));
        const expected = new Query({}).find<ReadDocument>(docs).sort(order).all();
        expect(ids(sortDocuments(docs, order))).toEqual(ids(expected));
      }),
      { numRuns: 2_000 },
    );
  });

  it('given documents with many equal keys, when the first n are picked, then they are the first n of the full stable sort', () => {
    const sortable = fc.oneof(
      fc.array(
        fc.record(
          { a: fc.constantFrom('x', 'y', 'z'), b: fc.integer({ min: 0, max: 3 }) },
          { noNullPrototype: true },
        ),
        { maxLength: 40 },
      ),
      fc.array(fc.record({ a: values, b: values }, { requiredKeys: [], noNullPrototype: true }), {
        maxLength: 20,
      }),
    );
    const sort = fc.oneof(
      fc.record({ a: fc.constantFrom<1 | -1>(1, -1) }, plain),
      fc.record({ a: fc.constantFrom<1 | -1>(1, -1), b: fc.constantFrom<1 | -1>(1, -1) }, plain),
    );
    fc.assert(
      fc.property(sortable, sort, fc.integer({ min: 0, max: 45 }), (records, order, count) => {
        const docs = records.map((record, index): ReadDocument => ({
          _id: `d${index}`,
          ...record,
        }));
        const expected = new Query({}).find<ReadDocument>(docs).sort(order).all();
        expect(ids(firstSorted(docs, order, count))).toEqual(ids(expected.slice(0, count)));
      }),
      { numRuns: 2_000 },
    );
  });
});
