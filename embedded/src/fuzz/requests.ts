import fc from 'fast-check';

/**
 * Hostile requests for one write route, as they go on the wire: the body is
 * raw bytes, so it can be what `JSON.stringify` never writes (a `__proto__`
 * key, `1e999`, a key twice, nesting deeper than any schema, bytes that are
 * not UTF-8).
 */
export interface WireRequest {
  /** What the request is made of, shown when a property fails. */
  kind: string;
  path: string;
  /** null: no Content-Type header at all. */
  contentType: string | null;
  /** Text sent as UTF-8, or raw bytes. */
  body: string | Uint8Array;
  /** Other headers, hostile ones among them. */
  headers?: Record<string, string>;
}

/** JSON text no schema should take for a field: wrong types, extremes, operators, prototype keys. */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  fc.double().map((value) => (Number.isFinite(value) ? String(value) : '1e999')),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.constantFrom(
    '1e999',
    '-1e999',
    '1e-999',
    '-0',
    '9007199254740993',
    '-1',
    '0',
    '0.1',
    '1.005',
    '"NaN"',
    '"Infinity"',
    '"-Infinity"',
    '"1e309"',
    '"-1"',
    '"0x10"',
    '""',
    '" "',
    '"null"',
    '"undefined"',
    '"true"',
    '"[object Object]"',
    'true',
    'null',
    '[]',
    '{}',
    '[[[[[]]]]]',
    '{"$gt":""}',
    '{"$ne":null}',
    '{"$where":"sleep(1000)"}',
    '{"__proto__":{"isAdmin":true,"role":"admin"}}',
    '{"constructor":{"prototype":{"role":"admin"}}}',
    '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
    `"${'9'.repeat(400)}"`,
    `"${'a'.repeat(5_000)}"`,
    `${'['.repeat(2_000)}${']'.repeat(2_000)}`,
    `${'{"a":'.repeat(1_000)}1${'}'.repeat(1_000)}`,
  ),
);

/** A header value as fetch lets one through: visible ASCII, spaces and tabs, any length. */
const anyHeaderValue = fc.oneof(
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  }),
  fc.constantFrom('', ' ', '*', 'W/"x"', '"1"', 'a'.repeat(4_000), '-1', '1e999'),
);

/** Keys that reach an object's prototype if a handler merges the body naively. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** An object written by hand from [key, JSON text] pairs, a key may come twice. */
const objectText = (pairs: readonly (readonly [string, string])[]) =>
  `{${pairs.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',')}}`;

/**
 * The route's real keys, each valid, hostile or left out, plus now and then a
 * prototype key: the other fields being valid lets the hostile one reach its
 * own rule (and the refinements that run only once the shape holds).
 */
function hostileFields(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const field = (key: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(JSON.stringify(valid[key])) },
      { weight: 3, arbitrary: hostileJson },
      { weight: 1, arbitrary: fc.constant(null) },
    );
  const known = fc.tuple(
    ...Object.keys(valid).map((key) => field(key).map((json) => [key, json] as const)),
  );
  const extra = fc
    .subarray(PROTOTYPE_KEYS)
    .chain((keys) =>
      fc.tuple(...keys.map((key) => hostileJson.map((json) => [key, json] as const))),
    );
  return fc.tuple(known, extra, fc.boolean()).map(([fields, extras, twice]) => {
    const present = fields.filter((pair): pair is readonly [string, string] => pair[1] !== null);
    // A key sent twice: JSON.parse keeps the last, a validator reading the first would differ.
    return objectText([...present, ...extras, ...(twice ? present.slice(0, 1).reverse() : [])]);
  });
}

/** A path parameter that is no id: any text, raw percent escapes, traversal, extremes. */
const notAnId: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text)),
  fc
    .uint8Array({ minLength: 1, maxLength: 12 })
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom(
    '..',
    '%2e%2e%2f%2e%2e',
    '%00',
    '%ZZ',
    '%',
    'null',
    'undefined',
    '0',
    '-1',
    '1e999',
    'NaN',
    '__proto__',
    'constructor',
    '6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f',
    '6F1C1E7A-2B3C-4D5E-8F90-A1B2C3D4E5F6',
    '6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6x',
    '{6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6}',
    '%7B%22%24gt%22%3A%22%22%7D',
    'a'.repeat(2_000),
  ),
);

/** Query strings a parser may turn into arrays, objects or prototype keys. */
const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })), { maxLength: 4 })
    .map((pairs) => new URLSearchParams(pairs).toString()),
  fc.constantFrom(
    'data.id=1&data.id=2',
    'data[id]=1&type[]=payment',
    'type[$gt]=&topic=payment',
    '__proto__[role]=admin&constructor[prototype][x]=1',
    'a=%ZZ&b=%',
    `x=${'y'.repeat(5_000)}`,
    '&&&==&',
  ),
);

/** `path` with each `:param` replaced by the value `params` gives. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} of ${path}`);
    return value;
  });
}

/** Content types a JSON route must refuse or ignore, and none at all. */
const WRONG_CONTENT_TYPES = [
  null,
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  'application/merge-patch+json',
  'application/jsonx',
];

export interface RouteShape {
  path: string;
  /** A body the route accepts (before the fuzz spoils it); its keys are the ones fuzzed. */
  valid: Record<string, unknown>;
  /** Values for the path's parameters that name something real. */
  params: Record<string, string>;
  /** Valid-shaped bodies with arbitrary field values: they reach the domain rules. */
  validShaped?: fc.Arbitrary<Record<string, unknown>> | undefined;
  /** Whole valid-shaped requests, for a route that reads its query and headers too (the webhook). */
  validShapedRequests?: fc.Arbitrary<ShapedRequest> | undefined;
}

export interface ShapedRequest {
  /** Appended to the path, `?` included. */
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Every way this suite spoils a request to `route`. */
export function hostileRequests(route: RouteShape): fc.Arbitrary<WireRequest> {
  const path = fillPath(route.path, route.params);
  const validText = JSON.stringify(route.valid);
  const json = (kind: string) => (text: string) =>
    ({ kind, path, contentType: 'application/json', body: text }) satisfies WireRequest;
  const kinds: fc.Arbitrary<WireRequest>[] = [
    fc.jsonValue().map((value) => json('any JSON value')(JSON.stringify(value))),
    hostileJson.map(json('hostile JSON value')),
    hostileFields(route.valid).map(json('hostile fields')),
    hostileFields(route.valid).map(json('hostile fields')),
    fc.uint8Array({ maxLength: 200 }).map((body) => ({
      kind: 'random bytes',
      path,
      contentType: 'application/json',
      body,
    })),
    fc.nat({ max: validText.length }).map((end) => json('truncated JSON')(validText.slice(0, end))),
    fc
      .constantFrom(100 * 1024, 1024 * 1024)
      .map((size) =>
        json('body over the size limit')(
          objectText([['padding', JSON.stringify('x'.repeat(size))]]),
        ),
      ),
    fc
      .tuple(
        fc.constantFrom('gzip', 'deflate', 'br', 'identity, gzip', 'nonsense'),
        fc.uint8Array({ maxLength: 40 }),
      )
      .map(([encoding, body]) => ({
        kind: 'compressed or unknown content encoding',
        path,
        contentType: 'application/json',
        body,
        headers: { 'content-encoding': encoding },
      })),
    fc
      .tuple(
        fc.constantFrom(
          'idempotency-key',
          'x-correlation-id',
          'if-match',
          'x-signature',
          'x-request-id',
          'cookie',
        ),
        anyHeaderValue,
      )
      .map(([name, value]) => ({
        kind: 'hostile header',
        path,
        contentType: 'application/json',
        body: validText,
        headers: { [name]: value },
      })),
    fc
      .tuple(
        fc.constantFrom(...WRONG_CONTENT_TYPES),
        fc.constantFrom(validText, new URLSearchParams({ a: '1', b: '[]' }).toString(), '<a/>'),
      )
      .map(([contentType, text]) => ({
        kind: 'wrong content type',
        path,
        contentType,
        body: text,
      })),
  ];
  kinds.push(
    hostileQuery.map((query) => ({
      kind: 'hostile query string',
      path: `${path}?${query}`,
      contentType: 'application/json',
      body: validText,
    })),
  );
  if (route.validShapedRequests) {
    const shaped = route.validShapedRequests.map(({ query, headers, body }): WireRequest => ({
      kind: 'valid-shaped request',
      path: `${path}${query}`,
      contentType: 'application/json',
      body: JSON.stringify(body),
      headers,
    }));
    kinds.push(shaped, shaped);
  }
  const paramNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  if (paramNames.length > 0) {
    const params = fc.record(Object.fromEntries(paramNames.map((name) => [name, notAnId])));
    kinds.push(
      params.map((values) => ({
        kind: 'path parameter that is no id',
        path: fillPath(route.path, { ...route.params, ...values }),
        contentType: 'application/json',
        body: validText,
      })),
    );
  }
  if (route.validShaped) {
    const shaped = route.validShaped.map((body) => json('valid-shaped body')(JSON.stringify(body)));
    kinds.push(shaped, shaped);
  }
  return fc.oneof(...kinds);
}
