import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createDevWeb } from './dev-web';
import { repoRoot } from './web-assets';

/**
 * `npm run dev`'s web server: what someone who can reach it may fetch. Two
 * data directories: one outside the repository, one inside web/ (which the
 * dev server must serve), so the deny rule is tested where allow would pass.
 */
const SECRET = 'segredo-do-teste-0123456789abcdef';
const dataDirs: string[] = [];
let vites: ViteDevServer[] = [];
let servers: { url: string; close: () => Promise<void> }[] = [];

beforeAll(async () => {
  dataDirs.push(
    await fs.mkdtemp(path.join(os.tmpdir(), 'quitute-dev-data-')),
    await fs.mkdtemp(path.join(repoRoot, 'web', '.dev-data-test-')),
  );
  for (const dataDir of dataDirs) {
    await fs.writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify({ tokenSecret: SECRET }));
    await fs.writeFile(path.join(dataDir, 'events.wal'), SECRET);
    const vite = await createDevWeb({ dataDir });
    vites.push(vite);
    const app = express();
    app.use(vite.middlewares);
    servers.push(await listenOnFreePort(app));
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(vites.map((vite) => vite.close()));
  await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  servers = [];
  vites = [];
});

async function get(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
}

describe('npm run dev: files the dev server will not hand out', () => {
  it.each([
    'secrets.json',
    'secrets.json?raw',
    'secrets.json?import&raw',
    'secrets.json?raw??',
    'events.wal?raw',
  ])(
    'given the data directory, when %s is asked for through /@fs/, then 403 or 404 and no secret',
    async (file) => {
      for (const [index, dataDir] of dataDirs.entries()) {
        const server = servers[index];
        if (!server) throw new Error('no server');
        const answer = await get(`${server.url}/@fs${dataDir}/${file}`);
        expect([403, 404], `${dataDir}/${file}`).toContain(answer.status);
        expect(answer.body).not.toContain(SECRET);
      }
    },
  );

  it('given a file of the repository outside web/ and its workspaces, then 403', async () => {
    const [server] = servers;
    const answer = await get(`${server?.url ?? ''}/@fs${repoRoot}/package.json?raw`);
    expect(answer.status).toBe(403);
  });

  it('given what the web app needs (its page and contracts/), then it is served', async () => {
    const [server] = servers;
    expect((await get(`${server?.url ?? ''}/`)).body).toContain('<div id="root">');
    const contracts = await get(`${server?.url ?? ''}/@fs${repoRoot}/contracts/src/index.ts`);
    expect(contracts.status).toBe(200);
  });
});
