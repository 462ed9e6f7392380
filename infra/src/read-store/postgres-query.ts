import type { Filter, FindOptions } from './port';
import { isPlainRecord, isScalar, type Scalar } from './filter-values';

/**
 * The MongoDB filter language the read store's callers use, as SQL over a
 * `doc jsonb` column (the PostgreSQL read store). Values are compared as jsonb,
 * so a number matches only numbers and a string only strings, as MongoDB's type
 * brackets have it; a field holding an array matches when one of its elements
 * does, unless the field is known to hold no arrays (an indexed field: see
 * `scalarFields`), which keeps the plain comparison an index can serve.
 *
 * What it does not translate it refuses with UnsupportedFilterError, never
 * answering something else: $elemMatch, $size, $all, $not, $type, equality
 * with an array or an embedded document, a regular expression outside the
 * syntax JavaScript and PostgreSQL read alike, a numeric path step (`items.0`).
 */
export class UnsupportedFilterError extends Error {
  override readonly name = 'UnsupportedFilterError';
  constructor(detail: string) {
    super(`the PostgreSQL read store cannot translate this filter: ${detail}`);
  }
}

/** The SQL being built: its parameters, and fresh aliases for subqueries. */
export class SqlParams {
  readonly values: unknown[] = [];
  #aliases = 0;

  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }

  json(value: unknown): string {
    return this.add(JSON.stringify(value), 'jsonb');
  }

  alias(): string {
    this.#aliases += 1;
    return `v${this.#aliases}`;
  }
}

/** A test of one jsonb value (an SQL expression) that is true, false or NULL (taken as false). */
type ValueTest = (value: string) => string;

/** An SQL string literal (standard_conforming_strings, the default since PostgreSQL 9.1). */
export function sqlLiteral(text: string): string {
  if (text.includes('\0')) throw new UnsupportedFilterError('a NUL character in a name');
  return `'${text.replaceAll("'", "''")}'`;
}

/** A dotted path's steps, checked: MongoDB reads a numeric step as an array index, which this does not translate. */
export function pathSteps(path: string): string[] {
  const steps = path.split('.');
  for (const step of steps) {
    if (step === '' || step.startsWith('$') || /^\d+$/.test(step)) {
      throw new UnsupportedFilterError(`the field path "${path}"`);
    }
  }
  return steps;
}

/**
 * The jsonb expression of a field as indexes and sorts spell it (the same text
 * in both, so the planner matches them): `id` for `_id` (a text column in C
 * order), `doc->'field'`, or `doc #> '{a,b}'` for a dotted path.
 */
export function fieldExpression(path: string): string {
  if (path === '_id') return 'id';
  const steps = pathSteps(path);
  const [only] = steps;
  if (steps.length === 1 && only !== undefined) return `(doc->${sqlLiteral(only)})`;
  const array = steps.map((step) => `"${step.replaceAll(/["\\]/g, '\\$&')}"`).join(',');
  return `(doc #> ${sqlLiteral(`{${array}}`)})`;
}

/** ORDER BY for a MongoDB sort: missing (and null) first ascending, last descending; ties by _id. */
export function orderBy(sort: FindOptions['sort']): string {
  const keys = Object.entries(sort ?? {});
  const terms = keys.map(([field, direction]) => {
    if (direction !== 1 && direction !== -1) {
      throw new UnsupportedFilterError(`the sort direction ${String(direction)} of ${field}`);
    }
    return `${fieldExpression(field)} ${direction === 1 ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}`;
  });
  if (!keys.some(([field]) => field === '_id')) terms.push('id');
  return terms.join(', ');
}

/**
 * A filter as an SQL condition (`TRUE` for none). `scalarFields`: top-level
 * fields the table guarantees hold no array (a CHECK constraint), compared
 * without looking into array elements.
 */
export function whereClause(
  filter: Filter | undefined,
  scalarFields: ReadonlySet<string>,
  params: SqlParams,
): string {
  if (!filter) return 'TRUE';
  return new Translator(scalarFields, params).document(filter);
}

const RANGE: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

class Translator {
  constructor(
    private readonly scalarFields: ReadonlySet<string>,
    private readonly params: SqlParams,
  ) {}

  document(filter: Filter): string {
    if (!isPlainRecord(filter)) throw new UnsupportedFilterError('a filter that is not an object');
    const parts = Object.entries(filter).map(([key, condition]) => {
      if (key === '$and' || key === '$or' || key === '$nor') return this.logical(key, condition);
      if (key.startsWith('$')) throw new UnsupportedFilterError(`the operator ${key}`);
      return this.field(key, condition);
    });
    return parts.length === 0 ? 'TRUE' : `(${parts.join(' AND ')})`;
  }

  private logical(operator: '$and' | '$or' | '$nor', condition: unknown): string {
    if (!Array.isArray(condition) || condition.length === 0) {
      throw new UnsupportedFilterError(`${operator} needs a non-empty array`);
    }
    const parts = condition.map((part: unknown) => {
      if (!isPlainRecord(part)) throw new UnsupportedFilterError(`${operator} of a non-object`);
      return this.document(part);
    });
    if (operator === '$and') return `(${parts.join(' AND ')})`;
    const any = `(${parts.join(' OR ')})`;
    return operator === '$or' ? any : negate(any);
  }

  private field(path: string, condition: unknown): string {
    if (condition instanceof RegExp) return this.regex(path, condition.source, condition.flags);
    if (isScalar(condition)) return this.equals(path, condition);
    if (!isPlainRecord(condition)) {
      throw new UnsupportedFilterError(`equality of ${path} with an array or a non-plain value`);
    }
    const operators = Object.keys(condition);
    if (operators.length === 0 || !operators.every((operator) => operator.startsWith('$'))) {
      throw new UnsupportedFilterError(`equality of ${path} with an embedded document`);
    }
    const parts: string[] = [];
    for (const operator of operators) {
      const operand = condition[operator];
      if (operator in RANGE) parts.push(this.range(path, operator, operand));
      else if (operator === '$eq') parts.push(this.equals(path, scalarOperand(path, operand)));
      else if (operator === '$ne')
        parts.push(negate(this.equals(path, scalarOperand(path, operand))));
      else if (operator === '$in') parts.push(this.oneOf(path, operand));
      else if (operator === '$nin') parts.push(negate(this.oneOf(path, operand)));
      else if (operator === '$exists') parts.push(this.exists(path, operand));
      else if (operator === '$regex')
        parts.push(this.regexOperator(path, operand, condition['$options']));
      else if (operator !== '$options')
        throw new UnsupportedFilterError(`the operator ${operator}`);
    }
    if ('$options' in condition && !('$regex' in condition)) {
      throw new UnsupportedFilterError(`$options without $regex on ${path}`);
    }
    return parts.length === 1 ? (parts[0] ?? 'TRUE') : `(${parts.join(' AND ')})`;
  }

  /** True when the field's value, or one element of it if it holds an array, passes `test`. */
  private anyValue(path: string, test: ValueTest): string {
    const { params } = this;
    const elements = (value: string): string => {
      const element = params.alias();
      return `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} ELSE '[]'::jsonb END) AS ${element}(v) WHERE ${test(`${element}.v`)})`;
    };
    const steps = pathSteps(path);
    if (steps.length === 1) {
      const value = fieldExpression(path);
      if (path === '_id' || this.scalarFields.has(path)) return test(value);
      return `(${test(value)} OR ${elements(value)})`;
    }
    // Through arrays on the way as MongoDB goes (jsonpath's lax mode unwraps them).
    const reached = params.alias();
    return `EXISTS (SELECT 1 FROM jsonb_path_query(doc, ${this.jsonPath(steps)}) AS ${reached}(v) WHERE ${test(`${reached}.v`)} OR ${elements(`${reached}.v`)})`;
  }

  private jsonPath(steps: readonly string[]): string {
    const path = `$${steps.map((step) => `."${step.replaceAll(/["\\]/g, '\\$&')}"`).join('')}`;
    return this.params.add(path, 'jsonpath');
  }

  /** A missing field (or, plain, a null one) matches null, as in MongoDB. */
  private equals(path: string, expected: Scalar): string {
    if (path === '_id' && typeof expected === 'string')
      return `id = ${this.params.add(expected, 'text')}`;
    if (expected === null) {
      if (path.includes('.')) throw new UnsupportedFilterError(`null equality on the path ${path}`);
      const isNull = this.params.json(null);
      return `(${fieldExpression(path)} IS NULL OR ${this.anyValue(path, (value) => `${value} = ${isNull}`)})`;
    }
    const value = this.params.json(expected);
    return this.anyValue(path, (stored) => `${stored} = ${value}`);
  }

  private oneOf(path: string, operand: unknown): string {
    if (!Array.isArray(operand) || !operand.every(isScalar)) {
      throw new UnsupportedFilterError(`$in/$nin on ${path} needs an array of plain values`);
    }
    if (operand.length === 0) return 'FALSE';
    if (path === '_id' && operand.every((value) => typeof value === 'string')) {
      return `id = ANY(${this.params.add(operand, 'text[]')})`;
    }
    const listed = this.params.add(
      operand.map((value) => JSON.stringify(value)),
      'jsonb[]',
    );
    const any = this.anyValue(path, (value) => `${value} = ANY(${listed})`);
    if (!operand.includes(null)) return any;
    if (path.includes('.')) throw new UnsupportedFilterError(`null in $in on the path ${path}`);
    return `(${fieldExpression(path)} IS NULL OR ${any})`;
  }

  private range(path: string, operator: string, bound: unknown): string {
    if (typeof bound !== 'string' && !(typeof bound === 'number' && Number.isFinite(bound))) {
      throw new UnsupportedFilterError(`${operator} on ${path} needs a number or a string`);
    }
    const type = typeof bound === 'string' ? "'string'" : "'number'";
    const value = this.params.json(bound);
    return this.anyValue(
      path,
      (stored) => `(jsonb_typeof(${stored}) = ${type} AND ${stored} ${RANGE[operator]} ${value})`,
    );
  }

  private exists(path: string, operand: unknown): string {
    if (typeof operand !== 'boolean')
      throw new UnsupportedFilterError(`$exists on ${path} needs a boolean`);
    const steps = pathSteps(path);
    const present =
      steps.length === 1
        ? `${fieldExpression(path)} IS NOT NULL`
        : `EXISTS (SELECT 1 FROM jsonb_path_query(doc, ${this.jsonPath(steps)}))`;
    return operand ? present : `NOT (${present})`;
  }

  private regexOperator(path: string, pattern: unknown, options: unknown): string {
    if (pattern instanceof RegExp) {
      if (options !== undefined)
        throw new UnsupportedFilterError(`$options with a RegExp on ${path}`);
      return this.regex(path, pattern.source, pattern.flags);
    }
    if (typeof pattern !== 'string')
      throw new UnsupportedFilterError(`$regex on ${path} needs a string`);
    if (options !== undefined && typeof options !== 'string') {
      throw new UnsupportedFilterError(`$options on ${path} must be a string`);
    }
    return this.regex(path, pattern, options ?? '');
  }

  private regex(path: string, source: string, flags: string): string {
    const pattern = this.params.add(postgresRegex(source, flags), 'text');
    return this.anyValue(
      path,
      (stored) => `(jsonb_typeof(${stored}) = 'string' AND (${stored} #>> '{}') ~ ${pattern})`,
    );
  }
}

/** NOT of a condition that may be NULL (a missing field): NULL counts as "did not match". */
function negate(condition: string): string {
  return `NOT COALESCE(${condition}, FALSE)`;
}

function scalarOperand(path: string, operand: unknown): Scalar {
  if (!isScalar(operand)) {
    throw new UnsupportedFilterError(`comparing ${path} with an array or a document`);
  }
  return operand;
}

/**
 * A JavaScript (and MongoDB) regular expression as a PostgreSQL ARE that
 * matches the same strings, with its flags as embedded options: `p` gives
 * JavaScript's default (`.` and `[^…]` stop at a newline, `^`/`$` at the
 * ends), `n` its `m` flag, `w` its `m` and `s` together, `i` ignores case. A
 * construct the two read differently (a backslash before a letter or digit —
 * `\d`, `\b`, `\1` —, a `(?` group, a `{` that is no quantifier, POSIX
 * classes, an empty class) is refused.
 */
export function postgresRegex(source: string, flags: string): string {
  if (!/^[ims]*$/.test(flags)) throw new UnsupportedFilterError(`the regex flags "${flags}"`);
  const refuse = (what: string): never => {
    throw new UnsupportedFilterError(`${what} in the regex /${source}/`);
  };
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '\\') {
      if (next === undefined || /[A-Za-z0-9]/.test(next)) refuse(`the escape \\${next ?? ''}`);
      i += 1;
    } else if (inClass) {
      if (c === ']') inClass = false;
      else if (c === '[' && next !== undefined && ':=.'.includes(next)) refuse('a POSIX class');
    } else if (c === '[') {
      inClass = true;
      if (next === '^') i += 1;
      if (source[i + 1] === ']') refuse('an empty or ]-leading class');
    } else if (c === '(' && next === '?') {
      refuse('a (? group');
    } else if (c === '{') {
      const bound = /^\{\d+(,\d*)?\}/.exec(source.slice(i));
      if (!bound) refuse('a { that is no quantifier');
      else i += bound[0].length - 1;
    } else if (c === '}') {
      refuse('a lone }');
    }
  }
  if (inClass) refuse('an unclosed [');
  const multiline = flags.includes('m');
  const dotAll = flags.includes('s');
  const lines = multiline ? (dotAll ? 'w' : 'n') : dotAll ? 's' : 'p';
  return `(?${lines}${flags.includes('i') ? 'i' : ''})${source}`;
}
