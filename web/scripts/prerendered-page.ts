const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;
const ENTRY_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
const EMPTY_ROOT = '<div id="root"></div>';

/** Served from web/public: asks for the app's entry once the page has painted. */
export const START_AFTER_PAINT = '/start-after-paint.js';

/**
 * The HTML of a prerendered page (vite.config.ts): the built index.html with
 * the page's markup in #root, painted by the stylesheets alone (the app's and
 * the page's own). The app's entry is not in the head: start-after-paint.js
 * asks for it once the page has painted (the entry loads the page's code
 * before React's first render, see loadPrerenderedPage in router.tsx).
 */
export function prerenderedPageHtml(
  indexHtml: string,
  page: { markup: string; stylesheets: readonly string[] },
): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry || !indexHtml.includes(EMPTY_ROOT)) {
    throw new Error('index.html has no module script or no empty <div id="root"></div>');
  }
  if (/<script/i.test(page.markup)) {
    // The Content-Security-Policy forbids inline scripts (React writes some for unfinished Suspense).
    throw new Error('the prerendered markup has a <script>');
  }
  const stylesheets = [
    ...(indexHtml.match(STYLESHEET_LINK) ?? []).map((link) => link.trim()),
    ...page.stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  const start = `<script type="module" src="${START_AFTER_PAINT}" data-entry="${entry}"></script>`;
  return (
    indexHtml
      .replace(STYLESHEET_LINK, '')
      .replace(MODULE_PRELOAD, '')
      // Functions, not strings: the markup's text may hold "$&" and the like.
      .replace(ENTRY_SCRIPT, () => [...stylesheets, start].join('\n    '))
      .replace(EMPTY_ROOT, () => `<div id="root">${page.markup}</div>`)
  );
}

/** A chunk of the client build, as Rollup reports it in generateBundle. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  /** Vite's: the CSS files the chunk's modules import. */
  importedCss: ReadonlySet<string>;
}

/**
 * The stylesheets the page module `pageModuleId` loads beyond the entry's
 * (which index.html already links): those of its chunk and of the chunks it
 * imports statically.
 */
export function pageStylesheets(chunks: readonly BuiltChunk[], pageModuleId: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (start: BuiltChunk): BuiltChunk[] => {
    const found = new Map<string, BuiltChunk>();
    const visit = (chunk: BuiltChunk) => {
      if (found.has(chunk.fileName)) return;
      found.set(chunk.fileName, chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) visit(imported);
      }
    };
    visit(start);
    return [...found.values()];
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  const page = chunks.find((chunk) => chunk.facadeModuleId === pageModuleId);
  if (!entry || !page) throw new Error(`no entry chunk or no chunk for ${pageModuleId}`);
  const cssOf = (all: BuiltChunk[]) => new Set(all.flatMap((chunk) => [...chunk.importedCss]));
  const entryCss = cssOf(withImports(entry));
  return [...cssOf(withImports(page))].filter((file) => !entryCss.has(file));
}
