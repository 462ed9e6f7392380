import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCTS_COLLECTION, USERS_COLLECTION } from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore, type ReadStore } from '@quitute/infra/read-store';
import { shopTarget, type ProjectionsTarget } from '@quitute/projections';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';

const jwtSecret = 'projections-admin-test-secret-0123456789';
let dataDir: string;
let server: EmbeddedServer;
let url: string;
let adminToken: string;
let shop: ProjectionsTarget;
/** While set, a rebuild's switch waits for it: the rebuild stays running. */
let switchHeld: Promise<void> | undefined;

/** The shop's memory read store, with a hand on the switch of a rebuild. */
function heldSwitches(): ReadStore {
  const memory = createMemoryReadStore();
  return {
    collection: (name) => memory.collection(name),
    ensureIndexes: (name, specs) => memory.ensureIndexes(name, specs),
    listIndexes: (name) => memory.listIndexes(name),
    replaceCollection: async (target, source) => {
      await switchHeld;
      await memory.replaceCollection(target, source);
    },
    close: () => memory.close(),
  };
}

beforeAll(async () => {
  dataDir = await makeDataDir('quitute-projections');
  server = await createEmbeddedServer(
    { port: 0, dataDir, logLevel: 'silent', jwtSecret },
    silentLogger,
    { web: noWebApp, passwords: cheapPasswords, readStore: heldSwitches() },
  );
  url = await server.listen();
  const [admin] = await server.readStore.collection(USERS_COLLECTION).find({ role: 'admin' });
  if (!admin) throw new Error('no admin');
  adminToken = createTokenService({ secret: jwtSecret }).sign({
    userId: admin._id,
    email: 'admin@exemplo.com.br',
    name: 'Admin',
    role: 'admin',
    sessionVersion: Number(admin['sessionVersion'] ?? 0),
  });
  shop = shopTarget(url, adminToken);
});

afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('projections on a running embedded shop (admin API the CLI uses)', () => {
  it('given a running shop, when the status is read, then every projection is live at the head with nothing behind', async () => {
    // Read once the shop is quiet: the notifier may be recording a message of its start (the daily summary).
    await vi.waitFor(async () => {
      const status = await shop.status();
      const head = await server.eventStore.headPosition();

      expect(status.position).toBe(head);
      expect(status.projections.map((projection) => projection.name).sort()).toEqual(
        [...server.runner.projectionNames].sort(),
      );
      for (const projection of status.projections) {
        expect(projection).toMatchObject({
          state: 'live',
          checkpoint: head,
          eventsBehind: 0,
          secondsBehind: 0,
          lastError: null,
        });
      }
    });
  });

  it('given a running shop, when every projection is verified, then none has a difference', async () => {
    for (const name of server.runner.projectionNames) {
      const result = await shop.verify(name, () => {});
      expect({ name, differences: result.differences }).toEqual({ name, differences: [] });
    }
  });

  it('given one read-model document corrupted, when verified, then exactly that document is reported; rebuilt, it is right again and the menu serves throughout', async () => {
    const products = server.readStore.collection(PRODUCTS_COLLECTION);
    const [product] = await products.find({}, { sort: { _id: 1 }, limit: 1 });
    if (!product) throw new Error('no product');
    await products.put({ ...product, name: 'Corrompido' });

    const verified = await shop.verify('menu_v1', () => {});
    expect(verified.differences).toEqual([
      { id: product._id, kind: 'different', fields: ['name'] },
    ]);

    let serving = true;
    const answers: number[] = [];
    const reader = (async () => {
      while (serving) answers.push((await fetch(`${url}/api/products`)).status);
    })();
    const [rebuilt] = await shop.rebuild(['menu_v1'], () => {});
    serving = false;
    await reader;

    expect(rebuilt).toMatchObject({ projection: 'menu_v1', collection: PRODUCTS_COLLECTION });
    expect(await products.get(product._id)).toEqual(product);
    expect((await shop.verify('menu_v1', () => {})).differences).toEqual([]);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 200)).toBe(true);
  });

  it('given a rebuild running, when another is asked, then 409 with a message in Portuguese', async () => {
    let release: () => void = () => {};
    switchHeld = new Promise((resolve) => {
      release = resolve;
    });
    let switching: () => void = () => {};
    const reachedSwitch = new Promise<void>((resolve) => {
      switching = resolve;
    });
    const first = shop.rebuild('all', (progress) => {
      if (progress.phase === 'switching') switching();
    });
    await reachedSwitch;

    const second = await fetch(`${url}/api/admin/projections/menu_v1/rebuild`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    switchHeld = undefined;
    release();

    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      message: 'Já há uma reconstrução ou verificação desta projeção em andamento.',
    });
    expect(await first).toHaveLength(server.runner.projectionNames.length);
  });

  it('given no admin token, when a rebuild or the status is asked, then 401 and nothing runs', async () => {
    const response = await fetch(`${url}/api/admin/projections/menu_v1/rebuild`, {
      method: 'POST',
    });
    expect(response.status).toBe(401);
    expect(server.runner.isBusy('menu_v1')).toBe(false);
    expect((await fetch(`${url}/api/admin/projections`)).status).toBe(401);
  });
});
