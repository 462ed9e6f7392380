import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseNginxConf, route, type Directive } from '../nginx';
import {
  loopbackServerConf,
  renderLoopbackNginx,
  type LoopbackNginxOptions,
} from './nginx-loopback';

const original = readFileSync(
  fileURLToPath(new URL('../../../web/nginx.conf', import.meta.url)),
  'utf8',
);
const runDir = mkdtempSync(path.join(os.tmpdir(), 'quitute-nginx-loopback-'));
afterAll(() => rmSync(runDir, { recursive: true, force: true }));

const options: LoopbackNginxOptions = {
  services: { 'query-api': [41002, 42002], 'command-api': [41001, 42001] },
  listen: { host: '127.0.0.1', port: 48080 },
  webRoot: '/srv/quitute/web/dist',
  runDir,
};

const before = parseNginxConf(original);
const after = parseNginxConf(loopbackServerConf(original, options));
const named = (conf: Directive[], name: string) => conf.filter((d) => d.name === name);
const serverOf = (conf: Directive[]) => named(conf, 'server')[0]?.block ?? [];
const upstream = (conf: Directive[], name: string) =>
  named(conf, 'upstream').find((block) => block.args[0] === name)?.block ?? [];

describe('web/nginx.conf rendered for the loopback topology', () => {
  it('given the compose file, then every location (with all it holds), every header and the log format survive unchanged', () => {
    expect(named(serverOf(after), 'location')).toEqual(named(serverOf(before), 'location'));
    expect(named(serverOf(before), 'location').length).toBeGreaterThan(10);
    for (const name of [
      'add_header',
      'proxy_set_header',
      'proxy_http_version',
      'gzip',
      'gzip_types',
    ]) {
      expect(named(serverOf(after), name)).toEqual(named(serverOf(before), name));
    }
    expect(named(after, 'log_format')).toEqual(named(before, 'log_format'));
    const unchanged = (conf: Directive[]) =>
      serverOf(conf).filter((d) => !['listen', 'root', 'access_log'].includes(d.name));
    expect(unchanged(after)).toEqual(unchanged(before));
  });

  it('given the maps, then each survives and only a Docker address becomes the upstream of its loopback ports', () => {
    const docker: Record<string, string> = {
      'query-api:3002': 'query_api',
      'command-api:3001': 'command_api',
    };
    const expected = named(before, 'map').map((map) => ({
      ...map,
      block: (map.block ?? []).map((entry) => ({
        ...entry,
        args: entry.args.map((arg) => docker[arg] ?? arg),
      })),
    }));
    expect(named(after, 'map')).toEqual(expected);
    expect(named(before, 'map').length).toBe(4);
  });

  it('given the upstreams, then each balances over the two loopback ports, keeping its zone and hash, without `resolve`', () => {
    expect(upstream(after, 'query_api_realtime')).toEqual([
      { name: 'zone', args: ['query_api_realtime', '64k'] },
      { name: 'hash', args: ['$remote_addr', 'consistent'] },
      { name: 'server', args: ['127.0.0.1:41002'] },
      { name: 'server', args: ['127.0.0.1:42002'] },
    ]);
    expect(upstream(after, 'query_api')).toEqual([
      { name: 'zone', args: ['query_api', '64k'] },
      { name: 'server', args: ['127.0.0.1:41002'] },
      { name: 'server', args: ['127.0.0.1:42002'] },
    ]);
    expect(upstream(after, 'command_api')).toEqual([
      { name: 'zone', args: ['command_api', '64k'] },
      { name: 'server', args: ['127.0.0.1:41001'] },
      { name: 'server', args: ['127.0.0.1:42001'] },
    ]);
    expect(named(after, 'resolver')).toEqual([]);
  });

  it('given requests, then the rendered file routes them as the compose file does (reads to query-api, writes to command-api)', () => {
    expect(route(after, 'GET', '/api/orders')).toMatchObject({
      kind: 'proxy',
      target: 'query_api',
    });
    expect(route(after, 'POST', '/payments/webhook')).toMatchObject({
      kind: 'proxy',
      target: 'command_api',
    });
    expect(route(after, 'GET', '/socket.io/?EIO=4')).toMatchObject({
      kind: 'proxy',
      target: '127.0.0.1:41002',
      websocket: true,
    });
  });

  it('given the run directory, then listen, root and every file nginx writes move there', () => {
    const server = serverOf(after);
    expect(named(server, 'listen')).toEqual([{ name: 'listen', args: ['127.0.0.1:48080'] }]);
    expect(named(server, 'root')).toEqual([{ name: 'root', args: ['/srv/quitute/web/dist'] }]);
    expect(named(server, 'access_log')).toEqual([
      { name: 'access_log', args: [path.join(runDir, 'access.log'), 'redacted'] },
    ]);
    const whole = parseNginxConf(renderLoopbackNginx(original, options));
    const paths = [
      ...['pid', 'error_log'].flatMap((name) => named(whole, name)),
      ...named(named(whole, 'http')[0]?.block ?? [], 'client_body_temp_path'),
      ...named(named(whole, 'http')[0]?.block ?? [], 'proxy_temp_path'),
    ].map((directive) => directive.args[0] ?? '');
    expect(paths).toHaveLength(4);
    for (const written of paths) expect(written.startsWith(runDir)).toBe(true);
  });

  it('given a compose file whose service names the renderer does not know, then it refuses rather than leave a Docker name', () => {
    expect(() =>
      loopbackServerConf(original, { ...options, services: { 'query-api': [41002] } }),
    ).toThrow(/command-api:3001 has no loopback ports/);
  });

  it("given Debian's nginx, then it accepts the rendered file (nginx -t)", (context) => {
    if (!existsSync('/usr/sbin/nginx')) {
      console.log(
        'skipped: nginx -t: /usr/sbin/nginx is not installed (apt-get install nginx-light)',
      );
      context.skip();
    }
    const file = path.join(runDir, 'nginx.conf');
    mkdirSync(path.join(runDir, 'temp'), { recursive: true });
    writeFileSync(file, renderLoopbackNginx(original, options));
    const check = spawnSync(
      '/usr/sbin/nginx',
      ['-t', '-c', file, '-p', runDir, '-e', path.join(runDir, 'error.log')],
      { encoding: 'utf8' },
    );
    expect(check.stderr).toContain('test is successful');
    expect(check.status).toBe(0);
  });
});
