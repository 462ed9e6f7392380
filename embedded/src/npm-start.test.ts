import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDataDir } from './testing/shop';
import { scratchDirectorySync } from '@quitute/infra/testing';
import { buildWebApp, repoRoot } from './web-assets';

/** A process's /proc stat line, or undefined once it has exited. */
function readStat(pid: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Process ids under `root` (its children, theirs, …), read from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat === undefined) continue; // it exited between the listing and the read
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(Number(entry), ppid);
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

const started: ChildProcess[] = [];
// Its PGlite database prepared: the first start skips initdb, as the restarts do.
const dataDir = await makeDataDir('quitute-npm-start');

afterAll(() => {
  for (const child of started) {
    if (child.pid === undefined) continue;
    for (const pid of [...descendants(child.pid), child.pid]) {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start` as a person runs it, in its own process group (as a terminal would). */
async function npmStart(): Promise<{
  npm: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}> {
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(npm);
  let output = '';
  npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  // Open once it says so: it listens for SIGINT and SIGTERM from then on. Its /health
  // answers a moment earlier, while the start finishes: a signal sent then would meet
  // no listener and kill it before it closed its data directory.
  const deadline = Date.now() + 90_000;
  while (!output.includes('Quitute is open at')) {
    if (npm.exitCode !== null || Date.now() > deadline) {
      throw new Error(`npm start did not come up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  return { npm, output: () => output, exited };
}

async function stopsCleanly(
  shop: Awaited<ReturnType<typeof npmStart>>,
  send: (npmPid: number) => void,
) {
  const pid = shop.npm.pid ?? -1;
  const shopProcesses = descendants(pid);
  expect(shopProcesses.length).toBeGreaterThan(0);
  send(pid);
  await shop.exited;
  const deadline = Date.now() + 15_000;
  while (shopProcesses.some(alive) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(shopProcesses.filter(alive), shop.output()).toEqual([]);
  expect(shop.output()).toContain('shutting down');
}

describe('npm start', () => {
  it('given the web app is built, when built again the quiet way, then nothing is printed but errors', () => {
    const outDir = scratchDirectorySync('quitute-web-build');
    try {
      const build = buildWebApp({ outDir, stdio: 'pipe' });
      expect(build.status, build.stderr).toBe(0);
      expect(`${build.stdout}${build.stderr}`.trim()).toBe('');
      expect(fs.existsSync(path.join(outDir, 'index.html'))).toBe(true);
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('given a running shop, when npm gets SIGTERM, then the node shop under it exits and the data directory can be opened again', async () => {
    const first = await npmStart();
    // glibc's fixed mmap threshold (README): the shop's process runs with it.
    const shopEnvironments = descendants(first.npm.pid ?? -1)
      .filter((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start.mjs'))
      .map((pid) => fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0'));
    expect(shopEnvironments).toEqual([expect.arrayContaining(['MALLOC_MMAP_THRESHOLD_=8388608'])]);
    await stopsCleanly(first, (pid) => process.kill(pid, 'SIGTERM'));

    const again = await npmStart();
    expect(again.output()).not.toContain('Another Quitute process');
    // Ctrl-C: the terminal signals the whole foreground group, npm and node alike.
    await stopsCleanly(again, (pid) => process.kill(-pid, 'SIGINT'));

    await stopsCleanly(await npmStart(), (pid) => process.kill(pid, 'SIGTERM'));
  }, 300_000);
});
