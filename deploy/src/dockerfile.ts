import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

/** A COPY/ADD: the stage it copies from (if any), its sources (relative to the build context) and destination. */
export interface CopyInstruction {
  index: number;
  line: number;
  from?: string;
  sources: string[];
  destination: string;
  workdir: string;
}

/** Instructions grouped by stage; comments dropped, `\` continuations joined. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let logical = lines[i] ?? '';
    if (/^\s*(#|$)/.test(logical)) continue;
    while (/\\\s*$/.test(logical) && i + 1 < lines.length) {
      i++;
      const next = lines[i] ?? '';
      if (/^\s*#/.test(next)) continue;
      logical = logical.replace(/\\\s*$/, ' ') + next;
    }
    const match = /^\s*(\w+)\s*(.*)$/.exec(logical);
    if (!match) continue;
    const keyword = (match[1] ?? '').toUpperCase();
    const args = (match[2] ?? '').trim();
    if (keyword === 'FROM') {
      const from = /^(?:--\S+\s+)*(\S+)(?:\s+as\s+(\S+))?$/i.exec(args);
      stages.push({
        image: from?.[1] ?? args,
        ...(from?.[2] ? { name: from[2] } : {}),
        instructions: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`line ${start + 1}: ${keyword} before FROM`);
    stage.instructions.push({ keyword, args, line: start + 1 });
  }
  return stages;
}

export function readDockerfile(file: string): Stage[] {
  return parseDockerfile(readFileSync(file, 'utf8'));
}

function words(args: string): string[] {
  if (args.startsWith('[')) {
    const parsed: unknown = JSON.parse(args);
    if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
      throw new Error(`not a JSON array of strings: ${args}`);
    }
    return parsed;
  }
  return args.split(/\s+/).filter(Boolean);
}

/** The COPY and ADD instructions of a stage, with the WORKDIR each one runs in. */
export function copyInstructions(stage: Stage): CopyInstruction[] {
  const copies: CopyInstruction[] = [];
  let workdir = '/';
  stage.instructions.forEach((instruction, index) => {
    if (instruction.keyword === 'WORKDIR') workdir = path.posix.resolve(workdir, instruction.args);
    if (instruction.keyword !== 'COPY' && instruction.keyword !== 'ADD') return;
    const [, leading = '', rest = ''] = /^((?:--\S+\s+)*)(.*)$/s.exec(instruction.args) ?? [];
    const flags = leading.split(/\s+/).filter(Boolean);
    const all = words(rest);
    const destination = all.at(-1);
    if (destination === undefined || all.length < 2) {
      throw new Error(
        `line ${instruction.line}: ${instruction.keyword} needs a source and a destination`,
      );
    }
    const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
    copies.push({
      index,
      line: instruction.line,
      ...(from ? { from } : {}),
      sources: all.slice(0, -1),
      destination,
      workdir,
    });
  });
  return copies;
}

/** The exec-form CMD (or ENTRYPOINT) of a stage. */
export function execCommand(
  stage: Stage,
  keyword: 'CMD' | 'ENTRYPOINT' = 'CMD',
): string[] | undefined {
  const instruction = stage.instructions.filter((i) => i.keyword === keyword).at(-1);
  return instruction ? words(instruction.args) : undefined;
}

const GLOB = /[*?[]/;

/** A Go `filepath.Match` pattern (plus `**`, as .dockerignore reads it) as a RegExp. */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '*' && pattern[i + 1] === '*') {
      source += pattern[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += pattern[i + 2] === '/' ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '[') {
      const end = pattern.indexOf(']', i);
      source += end < 0 ? '\\[' : pattern.slice(i, end + 1).replace('[!', '[^');
      if (end >= 0) i = end;
    } else source += char.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const clean = (relative: string) =>
  path.posix
    .normalize(relative)
    .replace(/^(\.\/|\/)+/, '')
    .replace(/\/$/, '');

/** .dockerignore semantics: the last matching pattern wins, `!` re-includes, a parent's match covers its children. */
export function dockerIgnore(root: string): (relative: string) => boolean {
  const file = path.join(root, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => ({
          exclude: !line.startsWith('!'),
          regexp: globToRegExp(clean(line.replace(/^!/, ''))),
        }))
    : [];
  return (relative) => {
    const parts = clean(relative).split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let ignored = false;
    for (const { exclude, regexp } of patterns) {
      if (prefixes.some((prefix) => regexp.test(prefix))) ignored = exclude;
    }
    return ignored;
  };
}

/** Paths (relative to root) a COPY source names: itself, or what its glob matches. */
export function expandSource(root: string, source: string): string[] {
  const relative = clean(source) || '.';
  if (!GLOB.test(relative)) return existsSync(path.join(root, relative)) ? [relative] : [];
  let matches = ['.'];
  for (const segment of relative.split('/')) {
    matches = matches.flatMap((dir) => {
      if (!GLOB.test(segment))
        return existsSync(path.join(root, dir, segment)) ? [path.posix.join(dir, segment)] : [];
      const full = path.join(root, dir);
      if (!existsSync(full) || !statSync(full).isDirectory()) return [];
      const regexp = globToRegExp(segment);
      return readdirSync(full)
        .filter((name) => regexp.test(name))
        .map((name) => path.posix.join(dir, name));
    });
  }
  return matches;
}

/**
 * Which file of the build context ends up at `imagePath` in this stage, if any:
 * a directory source copies its contents into the destination, a file source
 * lands on the destination (or inside it when it ends in `/` or there are
 * several sources). Copies from other stages are not followed.
 */
export function sourceOf(
  root: string,
  stage: Stage,
  imagePath: string,
  ignored: (relative: string) => boolean = dockerIgnore(root),
): { copy: CopyInstruction; file: string } | undefined {
  let found: { copy: CopyInstruction; file: string } | undefined;
  for (const copy of copyInstructions(stage)) {
    if (copy.from) continue;
    const destination = path.posix.resolve(copy.workdir, copy.destination);
    const intoDirectory = copy.destination.endsWith('/') || copy.sources.length > 1;
    for (const source of copy.sources.flatMap((s) => expandSource(root, s))) {
      const full = path.join(root, source);
      let file: string | undefined;
      if (statSync(full).isDirectory()) {
        if (imagePath.startsWith(`${destination}/`)) {
          file = path.posix.join(source, imagePath.slice(destination.length + 1));
        }
      } else if (
        imagePath ===
        (intoDirectory ? path.posix.join(destination, path.posix.basename(source)) : destination)
      ) {
        file = source;
      }
      if (file !== undefined && existsSync(path.join(root, file)) && !ignored(file))
        found = { copy, file };
    }
  }
  return found;
}

/**
 * Why this Dockerfile would not build from this context: COPY/ADD sources
 * (other than copies from another stage, or URLs) that do not exist, globs that
 * match nothing, and sources the .dockerignore leaves out of the context.
 */
export function copyProblems(
  root: string,
  stages: Stage[],
  ignored: (relative: string) => boolean = dockerIgnore(root),
): string[] {
  return stages.flatMap((stage) =>
    copyInstructions(stage)
      .filter((copy) => copy.from === undefined)
      .flatMap((copy) =>
        copy.sources
          .filter((source) => !/^https?:\/\//.test(source))
          .flatMap((source) => {
            const matches = expandSource(root, source);
            if (matches.length === 0) return [`line ${copy.line}: ${source} does not exist`];
            return matches
              .filter((match) => ignored(match))
              .map((match) => `line ${copy.line}: ${match} is excluded by .dockerignore`);
          }),
      ),
  );
}
