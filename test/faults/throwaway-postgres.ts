import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own, in a temporary directory, that the
 * test may kill and start again (the machine's shared server is never
 * touched). PostgreSQL refuses to run as root: as root the binaries run as the
 * `postgres` user. `unavailable` says why there is none (no binaries, no
 * postgres user): the test then prints a skip.
 */
export interface ThrowawayPostgres {
  url: string;
  start(): Promise<void>;
  /**
   * The server dies at once, as on a crash: SIGQUIT to the postmaster, what
   * `pg_ctl stop -m immediate` sends (sent from here, without the few hundred
   * milliseconds of starting pg_ctl, so that it lands mid-load). Resolves once
   * it is gone.
   */
  crash(): Promise<void>;
  remove(): Promise<void>;
}

function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export async function throwawayPostgres(
  port: number,
): Promise<ThrowawayPostgres | { unavailable: string }> {
  const bin = binaries();
  if (!bin) return { unavailable: 'no PostgreSQL server binaries under /usr/lib/postgresql' };
  const isRoot = process.getuid?.() === 0;
  const asServerUser = (command: string, args: string[]) =>
    isRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-fault-pg-'));
  const dataDir = path.join(directory, 'data');
  try {
    if (isRoot) await run('chown', ['postgres', directory]);
    await asServerUser('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { unavailable: `initdb failed: ${reason}` };
  }
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    asServerUser('pg_ctl', ['-D', dataDir, '-l', path.join(directory, 'server.log'), ...args]);
  let running = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pgCtl('-o', options, '-w', 'start');
      running = true;
    },
    async crash() {
      const pidFile = path.join(dataDir, 'postmaster.pid');
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGQUIT');
      while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
      running = false;
    },
    async remove() {
      if (running) await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {});
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
