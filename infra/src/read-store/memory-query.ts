import { Context } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import { Query as MingoQuery } from 'mingo/query';
import type { Filter, FindOptions, ReadDocument } from './port';
import { isPlainRecord, isScalar, type Scalar } from './filter-values';

/**
 * Cheaper paths for the memory read store's most common queries, with mingo
 * (MongoDB semantics) behind them for everything else. The admin reports scan
 * thousands of documents per request, and mingo's general evaluation and sort
 * cost several times what the plain JavaScript below does.
 *
 * The fast paths cover only cases whose MongoDB meaning is plain: top-level
 * fields holding a string, number, boolean or null, compared with equality,
 * $in, $gt/$gte/$lt/$lte (same type only, as MongoDB's type brackets have it),
 * $regex with a string pattern, and $and/$or of those. A document whose field
 * holds an array or an object (where MongoDB matches elements or compares
 * objects) is handed to mingo, and so is any other filter.
 */

/**
 * mingo with its query operators only: its main entry loads every operator of
 * the aggregation framework too, on every start.
 */
const mingoContext = Context.init({ query: queryOperators });
class Query extends MingoQuery {
  constructor(filter: Filter) {
    super(filter, { context: mingoContext });
  }
}

/** true or false when the fast path knows; null when mingo must decide for this document. */
type Test = (document: ReadDocument) => boolean | null;

/** Reads one top-level field of a document. */
type Read = (document: ReadDocument) => unknown;
const reader =
  (field: string): Read =>
  (document) =>
    document[field];

/**
 * The field's value when the fast path can judge it: a scalar, or undefined
 * when missing; UNKNOWN for anything else — an array or an object (MongoDB
 * matches their elements or compares them whole), a non-finite number, a name
 * only the prototype answers (`constructor`).
 */
const UNKNOWN = Symbol('unknown');
function scalarField(document: ReadDocument, read: Read): Scalar | undefined | typeof UNKNOWN {
  const value = read(document);
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : UNKNOWN;
    case 'object':
      return value === null ? null : UNKNOWN;
    default:
      return UNKNOWN;
  }
}

/** When the quick comparison failed: false, unless the value is one mingo must judge. */
const otherwise = (document: ReadDocument, read: Read) =>
  scalarField(document, read) === UNKNOWN ? null : false;

const isPlainField = (field: string) =>
  field.length > 0 && !field.includes('.') && !field.startsWith('$');

/** `{ field: value }` equality; `null` also matches a missing field, as in MongoDB. */
function equals(field: string, expected: Scalar): Test {
  const read = reader(field);
  if (expected === null) {
    return (document) => {
      const value = scalarField(document, read);
      return value === UNKNOWN ? null : value === null || value === undefined;
    };
  }
  // A scalar equal to a finite number, a string or a boolean is that value.
  return (document) => (read(document) === expected ? true : otherwise(document, read));
}

const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte']);

function range(field: string, operator: string, bound: string | number): Test {
  const read = reader(field);
  const holds =
    operator === '$gt'
      ? (value: string | number) => value > bound
      : operator === '$gte'
        ? (value: string | number) => value >= bound
        : operator === '$lt'
          ? (value: string | number) => value < bound
          : (value: string | number) => value <= bound;
  // Type brackets: a string bound never matches a number, nor a number bound a string.
  if (typeof bound === 'string') {
    return (document) => {
      const value = read(document);
      return typeof value === 'string' ? holds(value) : otherwise(document, read);
    };
  }
  return (document) => {
    const value = read(document);
    return typeof value === 'number' && Number.isFinite(value)
      ? holds(value)
      : otherwise(document, read);
  };
}

function oneOf(field: string, values: readonly Scalar[]): Test {
  const read = reader(field);
  const set = new Set<Scalar>(values);
  const matchesMissing = set.has(null);
  return (document) => {
    const value = scalarField(document, read);
    if (value === UNKNOWN) return null;
    if (value === undefined) return matchesMissing;
    return set.has(value);
  };
}

function regex(field: string, pattern: RegExp): Test {
  const read = reader(field);
  return (document) => {
    const value = read(document);
    return typeof value === 'string' ? pattern.test(value) : otherwise(document, read);
  };
}

function all(tests: readonly Test[]): Test {
  const [first, second] = tests;
  if (tests.length === 1 && first) return first;
  // The usual two conditions, without a loop.
  if (tests.length === 2 && first && second) {
    return (document) => {
      const a = first(document);
      if (a === false) return false;
      const b = second(document);
      if (b === false) return false;
      return a === null || b === null ? null : true;
    };
  }
  return (document) => {
    let unknown = false;
    for (const test of tests) {
      const result = test(document);
      if (result === false) return false;
      if (result === null) unknown = true;
    }
    return unknown ? null : true;
  };
}

function any(tests: readonly Test[]): Test {
  return (document) => {
    let unknown = false;
    for (const test of tests) {
      const result = test(document);
      if (result === true) return true;
      if (result === null) unknown = true;
    }
    return unknown ? null : false;
  };
}

/** One field's condition, or null when it is not one of the plain cases. */
function compileCondition(field: string, condition: unknown): Test | null {
  if (isScalar(condition)) return equals(field, condition);
  if (!isPlainRecord(condition)) return null;
  const operators = Object.keys(condition);
  if (operators.length === 0) return null;
  const tests: Test[] = [];
  if ('$regex' in condition) {
    const pattern = condition['$regex'];
    const options = condition['$options'] ?? '';
    if (typeof pattern !== 'string' || typeof options !== 'string' || !/^[ims]*$/.test(options)) {
      return null;
    }
    let compiled: RegExp;
    try {
      compiled = new RegExp(pattern, options);
    } catch {
      return null;
    }
    tests.push(regex(field, compiled));
  }
  for (const operator of operators) {
    const operand = condition[operator];
    if (operator === '$regex' || operator === '$options') continue;
    if (RANGE_OPERATORS.has(operator)) {
      if (
        typeof operand !== 'string' &&
        !(typeof operand === 'number' && Number.isFinite(operand))
      ) {
        return null;
      }
      tests.push(range(field, operator, operand));
    } else if (operator === '$in') {
      if (!Array.isArray(operand) || !operand.every(isScalar)) return null;
      tests.push(oneOf(field, operand));
    } else if (operator === '$eq') {
      if (!isScalar(operand)) return null;
      tests.push(equals(field, operand));
    } else {
      return null;
    }
  }
  return all(tests);
}

/** A filter document's test, or null when some part of it needs mingo. */
function compileFilter(filter: Filter): Test | null {
  const tests: Test[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition) || condition.length === 0) return null;
      const parts: Test[] = [];
      for (const part of condition) {
        const test = isPlainRecord(part) ? compileFilter(part) : null;
        if (!test) return null;
        parts.push(test);
      }
      tests.push(key === '$and' ? all(parts) : any(parts));
    } else {
      if (!isPlainField(key)) return null;
      const test = compileCondition(key, condition);
      if (!test) return null;
      tests.push(test);
    }
  }
  return all(tests);
}

/** A MongoDB filter as a test of one document: the cheaper path where it applies, mingo otherwise. */
export function matcher(filter: Filter | undefined): (document: ReadDocument) => boolean {
  if (!filter || Object.keys(filter).length === 0) return () => true;
  const test = compileFilter(filter);
  let query: Query | undefined;
  const byMingo = (document: ReadDocument) => (query ??= new Query(filter)).test(document);
  if (!test) return byMingo;
  return (document) => test(document) ?? byMingo(document);
}

/** The documents matching a MongoDB filter, in the order given. */
export function filterDocuments(
  documents: Iterable<ReadDocument>,
  filter: Filter | undefined,
): ReadDocument[] {
  const matches = matcher(filter);
  const found: ReadDocument[] = [];
  for (const document of documents) if (matches(document)) found.push(document);
  return found;
}

/** A sort key's values, one per document, when they are all strings or all finite numbers. */
function plainColumn(
  documents: readonly ReadDocument[],
  field: string,
): (string | number)[] | null {
  if (!isPlainField(field)) return null;
  const values = documents.map(reader(field));
  const type = typeof values[0];
  if (type !== 'string' && type !== 'number') return null;
  const column: (string | number)[] = [];
  for (const value of values) {
    if (typeof value === 'string' && type === 'string') column.push(value);
    else if (typeof value === 'number' && type === 'number' && Number.isFinite(value)) {
      column.push(value);
    } else return null;
  }
  return column;
}

/**
 * Sorted as MongoDB sorts (mingo's order: stable, by each key in turn). When
 * every sort key is a top-level field holding only strings, or only finite
 * numbers, in every document, a plain comparison of the keys (read once per
 * document) gives the same order.
 */
export function sortDocuments(
  documents: ReadDocument[],
  sort: NonNullable<FindOptions['sort']>,
): ReadDocument[] {
  const compare = plainComparison(documents, sort);
  if (!compare) return new Query({}).find<ReadDocument>(documents).sort(sort).all();
  const order = documents.map((_, index) => index);
  // Array#sort is stable: equal keys keep the documents' order, as mingo's does.
  order.sort(compare);
  return order.flatMap((index) => documents[index] ?? []);
}

/**
 * The first `count` documents of sortDocuments' order, without sorting them
 * all: a page of the newest orders keeps the best `count` while it reads the
 * documents once, where a full sort made the request's cost grow with every order.
 */
export function firstSorted(
  documents: ReadDocument[],
  sort: NonNullable<FindOptions['sort']>,
  count: number,
): ReadDocument[] {
  const compare = plainComparison(documents, sort);
  if (!compare) return sortDocuments(documents, sort).slice(0, count);
  const kept: number[] = [];
  for (let index = 0; index < documents.length; index += 1) {
    const last = kept.at(-1);
    // Not before the last kept: an equal key keeps the earlier document (a stable sort's order).
    if (kept.length >= count && (last === undefined || compare(index, last) >= 0)) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(kept[middle] ?? index, index) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, index);
    if (kept.length > count) kept.pop();
  }
  return kept.flatMap((index) => documents[index] ?? []);
}

/** The order of two documents by their indexes, when every sort key is a plain column. */
function plainComparison(
  documents: readonly ReadDocument[],
  sort: NonNullable<FindOptions['sort']>,
): ((i: number, j: number) => number) | null {
  const columns: { values: (string | number)[]; direction: number }[] = [];
  for (const [field, direction] of Object.entries(sort)) {
    const values = plainColumn(documents, field);
    if (!values) return null;
    columns.push({ values, direction });
  }
  return (i, j) => {
    for (const { values, direction } of columns) {
      const x = values[i] ?? 0;
      const y = values[j] ?? 0;
      // Both strings or both numbers (one type per column): < compares them as mingo does.
      if (x !== y) return (x < y ? -1 : 1) * direction;
    }
    return 0;
  };
}
