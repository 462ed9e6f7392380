import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { freePort } from '@quitute/infra/http';
import { renderLoopbackNginx } from './nginx-loopback';

/**
 * The distributed topology as processes on this machine (ARCHITECTURE §3.3,
 * without Docker): two command-api, two query-api and two projections
 * processes on a PostgreSQL server (event store and read store in one
 * database of their own) and Redis (bus, rate limits: one database number of
 * its own), the payment provider's stand-in, and Debian's nginx serving the
 * built web app with the repository's own web/nginx.conf rendered for loopback.
 */
export interface TopologyOptions {
  /** The repository (where web/nginx.conf and each service's src/main.ts are). */
  root: string;
  /** Where secrets, the rendered nginx.conf, logs and the services' DATA_DIRs live. */
  runDir: string;
  /** A PostgreSQL server URL with rights to create databases. */
  postgresUrl: string;
  /** The topology's database on that server, created when missing. */
  database: string;
  redisUrl: string;
  /** The Redis database number the topology uses alone (flushed by `fresh`). */
  redisDb: number;
  /** Drops the database, empties the Redis database and makes new secrets first. */
  fresh: boolean;
  /** nginx's address: where the shop answers. */
  host: string;
  port: number;
  /** Each service's LOG_LEVEL. */
  logLevel?: string;
  /** Extra environment for every service (e.g. PIX_EXPIRY_MINUTES). */
  env?: Record<string, string>;
  /** Each line a process writes, as it comes (the launcher also keeps it in runDir/logs). */
  onOutput?: (process: string, line: string) => void;
  /** A process that ends without being asked to. */
  onExit?: (process: string, code: number | null, signal: NodeJS.Signals | null) => void;
}

export type ServiceKind = 'command-api' | 'query-api' | 'projections' | 'provider' | 'nginx';

export interface TopologyProcess {
  /** `command-api-1`, `projections-2`, `provider`, `nginx`. */
  name: string;
  kind: ServiceKind;
  /** The port it listens on (projections: its /health). */
  port: number;
  child: ChildProcess;
  /** What it wrote so far. */
  output(): string;
  /** SIGKILL: no shutdown; resolves once it is gone. */
  kill(): Promise<void>;
}

export interface Topology {
  url: string;
  admin: { email: string; password: string };
  runDir: string;
  databaseUrl: string;
  /** The provider stand-in: its URL and token (for its test-control route). */
  provider: { url: string; accessToken: string };
  processes: TopologyProcess[];
  get(name: string): TopologyProcess;
  /** SIGTERM to every process, nginx first; SIGKILL to any still there after 15 s. */
  stop(): Promise<void>;
}

const secretsSchema = z.object({
  JWT_SECRET: z.string(),
  CAPTCHA_HMAC_KEY: z.string(),
  MP_ACCESS_TOKEN: z.string(),
  MP_WEBHOOK_SECRET: z.string(),
  ADMIN_PASSWORD: z.string(),
});
type Secrets = z.infer<typeof secretsSchema>;

export const TOPOLOGY_ADMIN_EMAIL = 'admin@quitute.local';
const STOP_GRACE_MS = 15_000;
const START_WITHIN_MS = 90_000;

/** The secrets of runDir/secrets.json, made (0600) when missing or `fresh`. */
export function topologySecrets(runDir: string, fresh: boolean): Secrets {
  const file = path.join(runDir, 'secrets.json');
  if (!fresh && fs.existsSync(file)) {
    return secretsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  const random = (bytes: number) => randomBytes(bytes).toString('base64url');
  const secrets: Secrets = {
    JWT_SECRET: random(48),
    CAPTCHA_HMAC_KEY: random(48),
    MP_ACCESS_TOKEN: `TEST-${random(24)}`,
    MP_WEBHOOK_SECRET: random(32),
    // The shop's rule: at least one upper-case letter and one digit.
    ADMIN_PASSWORD: `Quitute-${random(9)}-${randomInt(1_000, 10_000)}`,
  };
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

/** The topology's database on the server: dropped first when `fresh`, created when missing. */
export async function prepareDatabase(
  serverUrl: string,
  database: string,
  fresh: boolean,
): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) {
    throw new Error(`${database}: a database name of lower-case letters, digits and _`);
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

/** The Redis URL of database `db`, emptied first when `fresh`. */
export async function prepareRedis(serverUrl: string, db: number, fresh: boolean): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = `/${db}`;
  const { createClient } = await import('redis');
  const client = createClient({ url: url.href });
  await client.connect();
  try {
    if (fresh) await client.flushDb();
  } finally {
    await client.close();
  }
  return url.href;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Whether `url` answers 200 (or anything at all, with `anyStatus`). */
async function answers(url: string, anyStatus: boolean): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return anyStatus || response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Where a service of the topology listens: on loopback only, nginx being its
 * one way in. On every interface (Node's default) anyone who reaches the
 * machine could call it directly, past nginx's routes, and, as the services
 * trust one proxy hop, name any client address in X-Forwarded-For: every limit
 * by address escaped, or someone else's address locked out.
 */
export const serviceListenEnv = (port: number) => ({ HOST: '127.0.0.1', PORT: String(port) });

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const { root, runDir } = options;
  const logs = path.join(runDir, 'logs');
  fs.mkdirSync(logs, { recursive: true });
  fs.mkdirSync(path.join(runDir, 'temp'), { recursive: true });
  const secrets = topologySecrets(runDir, options.fresh);
  const databaseUrl = await prepareDatabase(options.postgresUrl, options.database, options.fresh);
  const redisUrl = await prepareRedis(options.redisUrl, options.redisDb, options.fresh);
  const publicUrl = `http://${options.host}:${options.port}`;
  const providerPort = await freePort();
  const providerUrl = `http://127.0.0.1:${providerPort}`;

  const processes: TopologyProcess[] = [];
  const stopping = new Set<ChildProcess>();
  /** Once stop() began, an exit is expected (Ctrl-C signals the whole process group at once). */
  let stopRequested = false;

  const launch = (
    name: string,
    kind: ServiceKind,
    port: number,
    command: string,
    args: string[],
    env: Record<string, string>,
  ): TopologyProcess => {
    const child = spawn(command, args, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = fs.createWriteStream(path.join(logs, `${name}.log`), { flags: 'a' });
    let output = '';
    let partial = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      log.write(text);
      output += text;
      if (output.length > 200_000) output = output.slice(-100_000);
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onOutput?.(name, line);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => {
      log.end();
      if (!stopRequested && !stopping.has(child)) options.onExit?.(name, code, signal);
    });
    const started: TopologyProcess = {
      name,
      kind,
      port,
      child,
      output: () => output,
      async kill() {
        stopping.add(child);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited(child);
      },
    };
    processes.push(started);
    return started;
  };

  const node = (name: string, kind: ServiceKind, port: number, env: Record<string, string>) =>
    launch(name, kind, port, process.execPath, ['--import', 'tsx', entry(kind)], {
      LOG_LEVEL: options.logLevel ?? 'info',
      ...options.env,
      ...env,
      ...serviceListenEnv(port),
    });
  const entry = (kind: ServiceKind) =>
    kind === 'provider'
      ? path.join(root, 'deploy/src/topology/provider-main.ts')
      : path.join(root, kind, 'src/main.ts');

  const waitFor = async (started: TopologyProcess, url: string, anyStatus = false) => {
    const deadline = Date.now() + START_WITHIN_MS;
    while (!(await answers(url, anyStatus))) {
      if (started.child.exitCode !== null || started.child.signalCode !== null) {
        throw new Error(`${started.name} ended while starting:\n${started.output()}`);
      }
      if (Date.now() > deadline) {
        throw new Error(`${started.name} did not answer ${url} in time:\n${started.output()}`);
      }
      await sleep(250);
    }
  };

  const payments = {
    MP_ACCESS_TOKEN: secrets.MP_ACCESS_TOKEN,
    MP_WEBHOOK_SECRET: secrets.MP_WEBHOOK_SECRET,
    MP_API_URL: providerUrl,
  };
  const shared = {
    JWT_SECRET: secrets.JWT_SECRET,
    CAPTCHA_HMAC_KEY: secrets.CAPTCHA_HMAC_KEY,
    PUBLIC_URL: publicUrl,
    // nginx is the one hop: it replaces X-Forwarded-For with the client's address.
    TRUST_PROXY: '1',
    EVENTSTORE_URL: databaseUrl,
  };
  const commandApi = async (index: number) => {
    const port = await freePort();
    const dataDir = path.join(runDir, `command-api-${index}`);
    fs.mkdirSync(dataDir, { recursive: true });
    const started = node(`command-api-${index}`, 'command-api', port, {
      ...shared,
      ...payments,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: TOPOLOGY_ADMIN_EMAIL,
      ADMIN_PASSWORD: secrets.ADMIN_PASSWORD,
    });
    await waitFor(started, `http://127.0.0.1:${port}/health`);
    return started;
  };
  const queryApi = async (index: number) => {
    const port = await freePort();
    const started = node(`query-api-${index}`, 'query-api', port, {
      ...shared,
      MP_ACCESS_TOKEN: secrets.MP_ACCESS_TOKEN,
      READ_STORE_URL: databaseUrl,
      BUS_URL: redisUrl,
    });
    await waitFor(started, `http://127.0.0.1:${port}/health`);
    return started;
  };
  const projections = async (index: number) => {
    const port = await freePort();
    const started = node(`projections-${index}`, 'projections', port, {
      EVENTSTORE_URL: databaseUrl,
      READ_STORE_URL: databaseUrl,
      BUS_URL: redisUrl,
    });
    await waitFor(started, `http://127.0.0.1:${port}/health`);
    return started;
  };

  const topology: Topology = {
    url: publicUrl,
    admin: { email: TOPOLOGY_ADMIN_EMAIL, password: secrets.ADMIN_PASSWORD },
    runDir,
    databaseUrl,
    provider: { url: providerUrl, accessToken: secrets.MP_ACCESS_TOKEN },
    processes,
    get(name) {
      const found = processes.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`no process ${name}`);
      return found;
    },
    async stop() {
      stopRequested = true;
      const order: ServiceKind[] = ['nginx', 'query-api', 'command-api', 'projections', 'provider'];
      for (const kind of order) {
        const children = processes
          .filter((started) => started.kind === kind)
          .map((started) => started.child)
          .filter((child) => child.exitCode === null && child.signalCode === null);
        for (const child of children) {
          stopping.add(child);
          child.kill('SIGTERM');
        }
        const grace = sleep(STOP_GRACE_MS, 'late' as const);
        const done = Promise.all(children.map(exited)).then(() => 'done' as const);
        if ((await Promise.race([done, grace])) === 'late') {
          for (const child of children) child.kill('SIGKILL');
          await done;
        }
      }
    },
  };

  try {
    const provider = node('provider', 'provider', providerPort, {
      PROVIDER_PORT: String(providerPort),
      ...payments,
    });
    await waitFor(provider, providerUrl, true);
    // The first command-api makes the event store's tables and seeds the menu and the admin
    // alone; the first projections process makes the read store's; then the rest side by side.
    await commandApi(1);
    await Promise.all([commandApi(2), projections(1)]);
    await Promise.all([projections(2), queryApi(1), queryApi(2)]);

    const ports = (kind: ServiceKind) =>
      processes.filter((started) => started.kind === kind).map((started) => started.port);
    const confFile = path.join(runDir, 'nginx.conf');
    fs.writeFileSync(
      confFile,
      renderLoopbackNginx(fs.readFileSync(path.join(root, 'web/nginx.conf'), 'utf8'), {
        services: { 'query-api': ports('query-api'), 'command-api': ports('command-api') },
        listen: { host: options.host, port: options.port },
        webRoot: path.join(root, 'web/dist'),
        runDir,
      }),
    );
    const nginx = launch(
      'nginx',
      'nginx',
      options.port,
      '/usr/sbin/nginx',
      ['-c', confFile, '-p', runDir, '-e', path.join(logs, 'nginx-error.log'), '-g', 'daemon off;'],
      {},
    );
    await waitFor(nginx, `${publicUrl}/health`);
    return topology;
  } catch (error) {
    await topology.stop();
    throw error;
  }
}
