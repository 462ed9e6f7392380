import { readFileSync } from 'node:fs';

export interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    if (/\s/.test(char)) i++;
    else if (char === '#') while (i < text.length && text[i] !== '\n') i++;
    else if (char === '{' || char === '}' || char === ';') tokens.push(text[i++] ?? '');
    else if (char === '"' || char === "'") {
      const end = text.indexOf(char, i + 1);
      if (end < 0) throw new Error(`unterminated string at ${i}`);
      tokens.push(text.slice(i + 1, end));
      i = end + 1;
    } else {
      const start = i;
      while (i < text.length && !/[\s{};]/.test(text[i] ?? '')) i++;
      tokens.push(text.slice(start, i));
    }
  }
  return tokens;
}

/** nginx configuration syntax: directives ending in `;` or carrying a `{ … }` block. */
export function parseNginxConf(text: string): Directive[] {
  const tokens = tokenize(text);
  let at = 0;
  const block = (nested: boolean): Directive[] => {
    const directives: Directive[] = [];
    let words: string[] = [];
    while (at < tokens.length) {
      const token = tokens[at++] ?? '';
      if (token === ';') {
        const [name, ...args] = words;
        if (name === undefined) throw new Error('empty directive');
        directives.push({ name, args });
        words = [];
      } else if (token === '{') {
        const [name, ...args] = words;
        if (name === undefined) throw new Error('block without a name');
        directives.push({ name, args, block: block(true) });
        words = [];
      } else if (token === '}') {
        if (!nested || words.length > 0) throw new Error('unexpected }');
        return directives;
      } else words.push(token);
    }
    if (nested || words.length > 0) throw new Error('unexpected end of file');
    return directives;
  };
  return block(false);
}

export function readNginxConf(file: string): Directive[] {
  return parseNginxConf(readFileSync(file, 'utf8'));
}

const named = (directives: Directive[], name: string) => directives.filter((d) => d.name === name);

/** `map $source $target { key value; … }` blocks, as target variable → (key → value). */
export function maps(
  conf: Directive[],
): Map<string, { source: string; entries: Map<string, string> }> {
  return new Map(
    named(conf, 'map').map((map) => {
      const [source = '', target = ''] = map.args;
      const entries = new Map((map.block ?? []).map((entry) => [entry.name, entry.args.join(' ')]));
      return [target, { source, entries }];
    }),
  );
}

/** Every `host:port` the configuration can proxy to: map values, upstream servers, literal proxy_pass targets. */
export function proxiedAddresses(conf: Directive[]): string[] {
  const upstreams = named(conf, 'upstream');
  const fromMaps = [...maps(conf).values()].flatMap(({ entries }) => [...entries.values()]);
  const fromUpstreams = upstreams.flatMap((upstream) =>
    named(upstream.block ?? [], 'server').map((server) => server.args[0] ?? ''),
  );
  const literal = servers(conf)
    .flatMap((server) => named(server.block ?? [], 'location'))
    .flatMap((location) => named(location.block ?? [], 'proxy_pass'))
    .map((pass) => (pass.args[0] ?? '').replace(/^https?:\/\//, ''))
    .filter((target) => !upstreams.some((upstream) => upstream.args[0] === target));
  return [...fromMaps, ...fromUpstreams, ...literal].filter((address) =>
    /^[\w.-]+:\d+$/.test(address),
  );
}

export function servers(conf: Directive[]): Directive[] {
  return named(conf, 'server');
}

export type Route =
  | {
      kind: 'proxy';
      /** `host:port` the request goes to. */
      target: string;
      /** Upgrade and Connection headers forwarded (websocket). */
      websocket: boolean;
      /** Request headers the upstream receives (name lower-cased → nginx value). */
      headers: Map<string, string>;
      location: string;
    }
  | { kind: 'static'; uri: string; tryFiles: string[]; location: string }
  | { kind: 'return'; status: number; location: string };

interface Location {
  modifier: '=' | '' | '^~';
  path: string;
  directives: Directive[];
}

function locations(server: Directive): Location[] {
  return named(server.block ?? [], 'location').map((location) => {
    const [first = '', second] = location.args;
    if (second === undefined)
      return { modifier: '', path: first, directives: location.block ?? [] };
    if (first !== '=' && first !== '^~') {
      throw new Error(
        `location ${location.args.join(' ')}: regular-expression locations are not modelled`,
      );
    }
    return { modifier: first, path: second, directives: location.block ?? [] };
  });
}

function match(all: Location[], uri: string): Location | undefined {
  const exact = all.find((l) => l.modifier === '=' && l.path === uri);
  if (exact) return exact;
  return all
    .filter((l) => l.modifier !== '=' && uri.startsWith(l.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

function condition(args: string[], method: string): boolean {
  const [variable = '', operator, operand = ''] = args.map((arg) => arg.replace(/^\(|\)$/g, ''));
  if (variable !== '$request_method' || operator === undefined) {
    throw new Error(`if ${args.join(' ')}: only conditions on $request_method are modelled`);
  }
  if (operator === '=') return method === operand;
  if (operator === '!=') return method !== operand;
  if (operator === '~') return new RegExp(operand).test(method);
  if (operator === '~*') return new RegExp(operand, 'i').test(method);
  throw new Error(`if ${args.join(' ')}: operator not modelled`);
}

function proxyHeaders(server: Directive, location: Directive[]): Map<string, string> {
  const own = named(location, 'proxy_set_header');
  const effective = own.length > 0 ? own : named(server.block ?? [], 'proxy_set_header');
  return new Map(
    effective.map((d) => [(d.args[0] ?? '').toLowerCase(), d.args.slice(1).join(' ')]),
  );
}

/**
 * Where nginx sends a request under this configuration: the location it picks
 * (exact, then longest prefix), `if ($request_method …)` with `rewrite … last`
 * and `return` inside it, `proxy_pass` to a `map`ped variable or an upstream,
 * `try_files` for static files. Anything else a location might do that changes
 * the outcome is refused rather than guessed.
 */
export function route(conf: Directive[], method: string, url: string): Route {
  const server = servers(conf)[0];
  if (!server) throw new Error('no server block');
  const all = locations(server);
  const variables = maps(conf);
  let uri = url.split('?')[0] ?? url;
  for (let rewrites = 0; rewrites <= 10; rewrites++) {
    const location = match(all, uri);
    const where = location
      ? `${location.modifier ? `${location.modifier} ` : ''}${location.path}`
      : '(none)';
    const directives = location?.directives ?? [];
    let rewritten: string | undefined;
    for (const directive of directives) {
      if (directive.name !== 'if' || !condition(directive.args, method)) continue;
      for (const inner of directive.block ?? []) {
        if (inner.name === 'return')
          return { kind: 'return', status: Number(inner.args[0]), location: where };
        if (inner.name === 'rewrite' && inner.args[2] === 'last') {
          rewritten = uri.replace(new RegExp(inner.args[0] ?? '^'), inner.args[1] ?? '');
        } else throw new Error(`${where}: "${inner.name}" inside if is not modelled`);
      }
      if (rewritten !== undefined) break;
    }
    if (rewritten !== undefined) {
      uri = rewritten;
      continue;
    }
    const ret = named(directives, 'return')[0];
    if (ret) return { kind: 'return', status: Number(ret.args[0]), location: where };
    const pass = named(directives, 'proxy_pass')[0];
    if (pass) {
      const target = (pass.args[0] ?? '').replace(/^https?:\/\//, '');
      let address = target;
      if (target.startsWith('$')) {
        const map = variables.get(target);
        if (!map || map.source !== '$request_method')
          throw new Error(`${where}: ${target} is not a map of $request_method`);
        address = map.entries.get(method) ?? map.entries.get('default') ?? '';
      } else {
        const upstream = named(conf, 'upstream').find((u) => u.args[0] === target);
        if (upstream) address = named(upstream.block ?? [], 'server')[0]?.args[0] ?? '';
      }
      const headers = proxyHeaders(server, directives);
      const httpVersion =
        named(directives, 'proxy_http_version')[0]?.args[0] ??
        named(server.block ?? [], 'proxy_http_version')[0]?.args[0];
      const websocket =
        httpVersion === '1.1' &&
        headers.get('upgrade') === '$http_upgrade' &&
        ['upgrade', '$connection_upgrade'].includes(headers.get('connection') ?? '');
      return { kind: 'proxy', target: address, websocket, headers, location: where };
    }
    const tryFiles = named(directives, 'try_files')[0]?.args ?? [];
    return { kind: 'static', uri, tryFiles, location: where };
  }
  throw new Error(`${url}: rewrite cycle`);
}
