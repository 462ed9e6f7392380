import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { z } from 'zod';

const manifestSchema = z.looseObject({
  name: z.string().optional(),
  workspaces: z.array(z.string()).default([]),
  exports: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
  dependencies: z.record(z.string(), z.string()).default({}),
  devDependencies: z.record(z.string(), z.string()).default({}),
});

export type Manifest = z.infer<typeof manifestSchema>;

export function readManifest(root: string, dir = '.'): Manifest {
  return manifestSchema.parse(
    JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')),
  );
}

/** Workspace package name → its folder (relative to root). */
export function workspaces(root: string): Map<string, string> {
  return new Map(
    readManifest(root).workspaces.flatMap((dir) => {
      const name = readManifest(root, dir).name;
      return name ? [[name, dir] as const] : [];
    }),
  );
}

export interface RuntimeGraph {
  /** Source files (relative to root) a process started at the entry file loads. */
  files: string[];
  /** Registry packages it imports, each with the workspace folders importing it ('.' is the root). */
  packages: Map<string, Set<string>>;
  /** Workspace folders whose code it loads. */
  workspaceDirs: Set<string>;
}

const SPECIFIERS = [
  /\b(?:import|export)\s+(type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Specifiers a module loads at run time (`import type` / `export type` are erased, so skipped). */
export function runtimeSpecifiers(source: string): string[] {
  const code = source.replace(/^\s*\/\/.*$/gm, '');
  const [staticForm, dynamicForm] = SPECIFIERS;
  const found: string[] = [];
  for (const m of code.matchAll(staticForm ?? /$^/g)) if (!m[1] && m[2]) found.push(m[2]);
  for (const m of code.matchAll(dynamicForm ?? /$^/g)) if (m[1]) found.push(m[1]);
  return found;
}

function resolveFile(candidate: string): string | undefined {
  const base = candidate.replace(/\.[cm]?js$/, '');
  return [candidate, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (file) => existsSync(file) && statSync(file).isFile(),
  );
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function exportTarget(manifest: Manifest, subpath: string): string | undefined {
  const exports =
    typeof manifest.exports === 'string' ? { '.': manifest.exports } : (manifest.exports ?? {});
  if (exports[subpath]) return exports[subpath];
  for (const [pattern, target] of Object.entries(exports)) {
    const star = pattern.indexOf('*');
    if (star < 0) continue;
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix)) {
      return target.replace('*', subpath.slice(prefix.length, subpath.length - suffix.length));
    }
  }
  return undefined;
}

const builtins = new Set(builtinModules);

/**
 * Follows the imports of a service from its entry file: relative imports, and
 * workspace packages through their `exports`. Whatever a file imports from the
 * registry is recorded against the workspace the file belongs to, so it can be
 * checked against that workspace's production dependencies.
 */
export function runtimeGraph(root: string, entry: string): RuntimeGraph {
  const byName = workspaces(root);
  const dirs = [...byName.values()];
  const owner = (file: string) => dirs.find((dir) => file.startsWith(`${dir}/`)) ?? '.';
  const files = new Set<string>();
  const packages = new Map<string, Set<string>>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (files.has(file)) continue;
    const full = path.join(root, file);
    if (!existsSync(full)) throw new Error(`${file} does not exist`);
    files.add(file);
    for (const specifier of runtimeSpecifiers(readFileSync(full, 'utf8'))) {
      let target: string | undefined;
      if (specifier.startsWith('.')) {
        target = resolveFile(path.join(path.dirname(full), specifier));
        if (!target) throw new Error(`${file}: cannot resolve ${specifier}`);
      } else if (specifier.startsWith('node:') || builtins.has(packageName(specifier))) {
        continue;
      } else {
        const name = packageName(specifier);
        const dir = byName.get(name);
        const importers = packages.get(name) ?? new Set<string>();
        importers.add(owner(file));
        packages.set(name, importers);
        if (dir === undefined) continue;
        const exported = exportTarget(readManifest(root, dir), `.${specifier.slice(name.length)}`);
        target = exported ? resolveFile(path.join(root, dir, exported)) : undefined;
        if (!target)
          throw new Error(`${file}: ${specifier} is not exported by ${dir}/package.json`);
      }
      pending.push(path.relative(root, target).split(path.sep).join('/'));
    }
  }
  const workspaceDirs = new Set([...files].map(owner).filter((dir) => dir !== '.'));
  return { files: [...files].sort(), packages, workspaceDirs };
}
