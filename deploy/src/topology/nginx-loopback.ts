import path from 'node:path';

/**
 * web/nginx.conf is written for compose: Docker service names resolved by
 * Docker's DNS (`resolver 127.0.0.11`, `server … resolve`, which Debian 12's
 * nginx 1.22 lacks), port 80, the image's root and log paths. The topology of
 * processes runs that same file on loopback: these are the only changes.
 */
export interface LoopbackNginxOptions {
  /** The loopback ports of each compose service named in the file (`query-api`, `command-api`). */
  services: Record<string, readonly number[]>;
  /** Where nginx listens (127.0.0.1). */
  listen: { host: string; port: number };
  /** The built web app (web/dist). */
  webRoot: string;
  /** Logs, pid and temporary files. */
  runDir: string;
  /** Debian's mime types. */
  mimeTypes?: string;
}

/** An upstream block's name for a compose service: `query-api` → `query_api`. */
export const upstreamName = (service: string) => service.replaceAll('-', '_');

/** `text.replace(pattern, replacement)`, refusing a file where the pattern finds nothing. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`web/nginx.conf: ${what} not found`);
  pattern.lastIndex = 0;
  return text.replace(pattern, replacement);
}

/**
 * The server configuration (what compose installs inside `http {}`) with the
 * Docker names replaced by loopback upstreams; every location, map, header and
 * comment stays as written.
 */
export function loopbackServerConf(original: string, options: LoopbackNginxOptions): string {
  let text = replaceOnce(
    original,
    /^([ \t]*)resolver\s[^;]*;/m,
    '$1# (the Docker resolver is dropped: every upstream below is a loopback address)',
    'the resolver directive',
  );
  for (const [service, ports] of Object.entries(options.services)) {
    if (ports.length === 0) throw new Error(`${service}: no ports`);
    const name = upstreamName(service);
    if (!new RegExp(`^\\s*upstream\\s+${name}\\s*\\{`, 'm').test(text)) {
      throw new Error(`web/nginx.conf: no upstream ${name} for ${service}`);
    }
    // `server query-api:3002 resolve;` in any upstream → one server line per port.
    text = replaceOnce(
      text,
      new RegExp(`^([ \\t]*)server\\s+${service}:\\d+(?:\\s+resolve)?\\s*;`, 'gm'),
      ports.map((port) => `$1server 127.0.0.1:${port};`).join('\n'),
      `an upstream server ${service}`,
    );
    // A map value `query-api:3002` (proxy_pass with a variable) → the upstream's name:
    // nginx looks a variable's host up among the upstream blocks before any resolver.
    text = text.replace(
      new RegExp(`^([ \\t]*\\S+[ \\t]+)${service}:\\d+;`, 'gm'),
      (_match, head: string) => `${head}${name};`,
    );
  }
  const leftover = /\b(query-api|command-api|projections|web):\d+/.exec(text);
  if (leftover) throw new Error(`web/nginx.conf: ${leftover[0]} has no loopback ports`);
  text = replaceOnce(
    text,
    /^([ \t]*)listen\s+80\s*;/m,
    `$1listen ${options.listen.host}:${options.listen.port};`,
    'listen 80',
  );
  text = replaceOnce(text, /^([ \t]*)root\s+[^;]+;/m, `$1root ${options.webRoot};`, 'root');
  text = replaceOnce(
    text,
    /^([ \t]*)access_log\s+\S+(\s+[^;]*)?;/m,
    `$1access_log ${path.join(options.runDir, 'access.log')}$2;`,
    'access_log',
  );
  return text;
}

/**
 * A whole nginx.conf for `nginx -c <file> -p <runDir>`: the main and events
 * contexts Debian's /etc/nginx/nginx.conf would give, with every path that
 * nginx writes inside the run directory, around the loopback server conf.
 */
export function renderLoopbackNginx(original: string, options: LoopbackNginxOptions): string {
  const run = (name: string) => path.join(options.runDir, name);
  const server = loopbackServerConf(original, options)
    .split('\n')
    .map((line) => (line ? `    ${line}` : line))
    .join('\n');
  return [
    '# Rendered from web/nginx.conf by deploy/src/topology/nginx-loopback.ts: do not edit.',
    'worker_processes 1;',
    `pid ${run('nginx.pid')};`,
    `error_log ${run('error.log')} warn;`,
    'events {',
    '    worker_connections 1024;',
    '}',
    'http {',
    `    include ${options.mimeTypes ?? '/etc/nginx/mime.types'};`,
    '    default_type application/octet-stream;',
    '    sendfile on;',
    `    client_body_temp_path ${run('temp/client_body')};`,
    `    proxy_temp_path ${run('temp/proxy')};`,
    `    fastcgi_temp_path ${run('temp/fastcgi')};`,
    `    uwsgi_temp_path ${run('temp/uwsgi')};`,
    `    scgi_temp_path ${run('temp/scgi')};`,
    '',
    server,
    '}',
    '',
  ].join('\n');
}
