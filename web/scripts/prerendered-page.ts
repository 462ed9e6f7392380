const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\n?/g;
const ENTRY_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
const EMPTY_ROOT = '<div id="root"></div>';

/** Served from web/public: asks for the app's modules once the page has painted. */
export const START_AFTER_PAINT = '/start-after-paint.js';

/**
 * The HTML of a prerendered page (vite.config.ts): the built index.html with
 * the page's markup in #root, painted by the stylesheets alone (the app's and
 * the page's own). The app's modules, the page's among them (React's first
 * render waits for them, see loadPrerenderedPage in router.tsx), are not in
 * the head: start-after-paint.js asks for them once the page has painted.
 */
export function prerenderedPageHtml(
  indexHtml: string,
  page: { markup: string; stylesheets: readonly string[]; modules: readonly string[] },
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
  const modules = [
    entry,
    ...[...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? ''),
    ...page.modules.map((file) => `/${file}`),
  ];
  const start = `<script type="module" src="${START_AFTER_PAINT}" data-modules="${modules.join(' ')}"></script>`;
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
 * What the page module `pageModuleId` loads beyond the entry (whose own
 * modules and stylesheets index.html already names): its chunk and the chunks
 * it imports statically, and their stylesheets.
 */
export function pageAssets(
  chunks: readonly BuiltChunk[],
  pageModuleId: string,
): { modules: string[]; stylesheets: string[] } {
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
  const entryChunks = withImports(entry);
  const loadedWithEntry = new Set(entryChunks.map((chunk) => chunk.fileName));
  const entryCss = new Set(entryChunks.flatMap((chunk) => [...chunk.importedCss]));
  const pageChunks = withImports(page).filter((chunk) => !loadedWithEntry.has(chunk.fileName));
  return {
    modules: pageChunks.map((chunk) => chunk.fileName),
    stylesheets: [...new Set(pageChunks.flatMap((chunk) => [...chunk.importedCss]))].filter(
      (file) => !entryCss.has(file),
    ),
  };
}
