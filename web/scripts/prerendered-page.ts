const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
const MODULE_TAG = /<(script type="module"|link rel="modulepreload")/g;
const ENTRY_SCRIPT = '<script type="module"';
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The HTML of a prerendered page (vite.config.ts): the built index.html with
 * the page's markup in #root; in the head, the page's own stylesheets beside
 * the app's, and the page's modules preloaded (React's first render waits for
 * them, see loadPrerenderedPage in router.tsx). The markup paints as soon as
 * the stylesheets are here: they come first, and the scripts are fetched at
 * low priority so as not to compete with them (Lighthouse counts a script
 * that arrived before the first paint as holding it up).
 */
export function prerenderedPageHtml(
  indexHtml: string,
  page: { markup: string; stylesheets: readonly string[]; modules: readonly string[] },
): string {
  if (!indexHtml.includes(EMPTY_ROOT) || !indexHtml.includes(ENTRY_SCRIPT)) {
    throw new Error('index.html has no empty <div id="root"></div> or no module script');
  }
  if (/<script/i.test(page.markup)) {
    // The Content-Security-Policy forbids inline scripts (React writes some for unfinished Suspense).
    throw new Error('the prerendered markup has a <script>');
  }
  const stylesheets = [
    ...(indexHtml.match(STYLESHEET_LINK) ?? []).map((link) => link.trim()),
    ...page.stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  const modulePreloads = page.modules.map(
    (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
  );
  return (
    indexHtml
      .replace(STYLESHEET_LINK, '')
      .replace('</head>', () => `  ${modulePreloads.join('\n    ')}\n  </head>`)
      .replace(MODULE_TAG, '<$1 fetchpriority="low"')
      .replace(ENTRY_SCRIPT, () => `${stylesheets.join('\n    ')}\n    ${ENTRY_SCRIPT}`)
      // Functions, not strings: the markup's text may hold "$&" and the like.
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
