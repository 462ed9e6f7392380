import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleShop } from '../bundle.mjs';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-bundle-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * Files written, then left alone a moment: clear of the margin within which the
 * build takes a file for one changed while esbuild read it.
 */
async function writeSettled(files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(file, text);
  await sleep(200);
}

/**
 * An entry importing a module of its own, in a directory of its own, bundled into `out`
 * beside it (a folder made in a source folder changes that folder's stamp).
 */
async function project(name: string, greeting = 'olá') {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  const entry = path.join(dir, 'entry.ts');
  await writeSettled({
    [path.join(dir, 'greeting.ts')]: `export const greeting: string = '${greeting}';\n`,
    [entry]: "export { greeting } from './greeting';\n",
  });
  return { dir, entry, out: `${dir}-out` };
}

const inode = (file: string) => fs.statSync(file).ino;

/** The bundle's `greeting`, imported fresh (a query string makes each import a new module). */
async function greetingOf(bundle: string): Promise<unknown> {
  const module = (await import(`${pathToFileURL(bundle).href}?${Date.now()}`)) as {
    greeting?: unknown;
  };
  return module.greeting;
}

describe('bundleShop', () => {
  it('given a bundle built, when bundled again with no file changed, then the same bundle is used and not written again', async () => {
    const { entry, out } = await project('unchanged');
    const bundle = await bundleShop(entry, { outdir: out });
    const written = inode(bundle);

    expect(await bundleShop(entry, { outdir: out })).toBe(bundle);

    expect(inode(bundle)).toBe(written);
    expect(await greetingOf(bundle)).toBe('olá');
  }, 30_000);

  it('given a bundle built, when a module it imports changes, then it is built again with the change', async () => {
    const { dir, entry, out } = await project('changed');
    const bundle = await bundleShop(entry, { outdir: out });
    const written = inode(bundle);

    await writeSettled({
      [path.join(dir, 'greeting.ts')]: "export const greeting: string = 'bom dia';\n",
    });
    await bundleShop(entry, { outdir: out });

    expect(inode(bundle)).not.toBe(written);
    expect(await greetingOf(bundle)).toBe('bom dia');
  }, 30_000);

  it('given a bundle built, when a file appears that an import now resolves to, then it is built again with that file', async () => {
    const { dir, out } = await project('resolution');
    fs.mkdirSync(path.join(dir, 'saudacao'));
    const entry = path.join(dir, 'by-folder.ts');
    await writeSettled({
      [path.join(dir, 'saudacao', 'index.ts')]: "export const greeting: string = 'da pasta';\n",
      [entry]: "export { greeting } from './saudacao';\n",
    });
    const bundle = await bundleShop(entry, { outdir: out });
    expect(await greetingOf(bundle)).toBe('da pasta');

    await writeSettled({
      [path.join(dir, 'saudacao.ts')]: "export const greeting: string = 'do arquivo';\n",
    });
    await bundleShop(entry, { outdir: out });

    expect(await greetingOf(bundle)).toBe('do arquivo');
  }, 30_000);

  it('given an import of a folder one level up, when a file appears beside that folder that the import now resolves to, then it is built again with that file', async () => {
    const { dir, out } = await project('resolution-above');
    fs.mkdirSync(path.join(dir, 'app'));
    fs.mkdirSync(path.join(dir, 'lib'));
    const entry = path.join(dir, 'app', 'entry.ts');
    await writeSettled({
      [path.join(dir, 'lib', 'index.ts')]: "export const greeting: string = 'da pasta';\n",
      [entry]: "export { greeting } from '../lib';\n",
    });
    const bundle = await bundleShop(entry, { outdir: out });
    expect(await greetingOf(bundle)).toBe('da pasta');

    await writeSettled({
      [path.join(dir, 'lib.ts')]: "export const greeting: string = 'do arquivo';\n",
    });
    await bundleShop(entry, { outdir: out });

    expect(await greetingOf(bundle)).toBe('do arquivo');
  }, 30_000);

  it('given a bundle built, when a worker thread module beside it or the record of its files is gone or unreadable, then it is built again', async () => {
    const { entry, out } = await project('damaged');
    const bundle = await bundleShop(entry, { outdir: out });

    for (const damage of [
      () => fs.rmSync(path.join(out, 'pglite-worker.mjs')),
      () => fs.rmSync(path.join(out, 'entry.built-from.json')),
      () => fs.writeFileSync(path.join(out, 'entry.built-from.json'), '{"node":'),
    ]) {
      const written = inode(bundle);
      damage();
      await bundleShop(entry, { outdir: out });
      expect(inode(bundle)).not.toBe(written);
      expect(fs.existsSync(path.join(out, 'pglite-worker.mjs'))).toBe(true);
    }
  }, 60_000);

  it('given a module changed just before the build, when bundled, then no record vouches for the bundle and the next start builds again', async () => {
    const { dir, entry, out } = await project('just-changed');
    fs.writeFileSync(path.join(dir, 'greeting.ts'), "export const greeting: string = 'oi';\n");
    const bundle = await bundleShop(entry, { outdir: out });
    const written = inode(bundle);

    expect(fs.existsSync(path.join(out, 'entry.built-from.json'))).toBe(false);
    await bundleShop(entry, { outdir: out });

    expect(inode(bundle)).not.toBe(written);
    expect(await greetingOf(bundle)).toBe('oi');
  }, 30_000);

  it('given two entries of the same name bundled into one folder, when each is bundled in turn, then each runs its own code', async () => {
    const first = await project('first-of-a-name', 'da primeira');
    const second = await project('second-of-a-name', 'da segunda');
    const out = path.join(work, 'shared-out');

    const bundle = await bundleShop(first.entry, { outdir: out });
    expect(await greetingOf(bundle)).toBe('da primeira');
    expect(await bundleShop(second.entry, { outdir: out })).toBe(bundle);

    expect(await greetingOf(bundle)).toBe('da segunda');
  }, 30_000);

  it("given npm start's shop, then its bundle loads no package of a server the embedded defaults do not use until one is configured", async () => {
    const bundle = await bundleShop(path.join(import.meta.dirname, 'start.ts'), {
      outdir: path.join(work, 'shop'),
    });
    const text = fs.readFileSync(bundle, 'utf8');
    const staticImports = [...text.matchAll(/^import [^;]*? from "([^"]+)";$/gm)].map(
      (match) => match[1] ?? '',
    );
    const dynamicImports = [...text.matchAll(/\bimport\("([^"]+)"\)/g)].map(
      (match) => match[1] ?? '',
    );
    const packageOf = (url: string) =>
      /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? url;
    const optional = [
      'pg',
      'redis',
      'rate-limit-redis',
      'mercadopago',
      'nodemailer',
      'kafkajs',
      'mongodb',
      '@eventstore/db-client',
    ];

    expect(staticImports.map(packageOf)).toEqual(expect.arrayContaining(['express', 'zod']));
    expect(staticImports.map(packageOf).filter((name) => optional.includes(name))).toEqual([]);
    expect(dynamicImports.map(packageOf)).toEqual(expect.arrayContaining(optional));
  }, 30_000);
});
