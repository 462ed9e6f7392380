import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  pageStylesheets,
  prerenderedPageHtml,
  START_AFTER_PAINT,
  type BuiltChunk,
} from './prerendered-page';

/** index.html as Vite writes it: the entry, its preloads, its stylesheet last. */
const indexHtml = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Quitute</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

function chunk(fileName: string, fields: Partial<BuiltChunk> = {}): BuiltChunk {
  return {
    fileName,
    isEntry: false,
    facadeModuleId: null,
    imports: [],
    importedCss: new Set(),
    ...fields,
  };
}

describe('prerenderedPageHtml', () => {
  const page = {
    markup: '<main><h1>Cardápio</h1><p>R$&amp; 1,00 $&</p></main>',
    stylesheets: ['assets/menu-1.css'],
  };

  it('given a page, then its markup is in #root, as it is', () => {
    const html = prerenderedPageHtml(indexHtml, page);

    expect(html).toContain(`<div id="root">${page.markup}</div>`);
  });

  it('given a page, then the head links every stylesheet, and the app\u2019s entry is left to start-after-paint.js, with no module preloaded', () => {
    const head = prerenderedPageHtml(indexHtml, page).split('</head>')[0] ?? '';
    const tags = head
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^<(link rel="(stylesheet|modulepreload)"|script)/.test(line));

    expect(tags).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/menu-1.css">',
      `<script type="module" src="${START_AFTER_PAINT}" data-entry="/assets/index-1.js"></script>`,
    ]);
  });

  it('given the script it names, then web/public serves it', () => {
    const served = fileURLToPath(new URL(`../public${START_AFTER_PAINT}`, import.meta.url));

    expect(fs.existsSync(served)).toBe(true);
  });

  it('given markup with a script, then it is refused (the CSP forbids inline scripts)', () => {
    expect(() =>
      prerenderedPageHtml(indexHtml, { ...page, markup: '<p>x</p><script>$RC()</script>' }),
    ).toThrow(/<script>/);
  });
});

describe('pageStylesheets', () => {
  it('given a page chunk importing a shared chunk and the entry, then the stylesheets of the page and the shared chunk, not the entry’s', () => {
    const chunks = [
      chunk('index.js', {
        isEntry: true,
        imports: ['react.js'],
        importedCss: new Set(['index.css']),
      }),
      chunk('react.js'),
      chunk('menu.js', {
        facadeModuleId: '/web/src/app/routes/menu-route.tsx',
        imports: ['index.js', 'react.js', 'money.js'],
        importedCss: new Set(['menu.css', 'index.css']),
      }),
      chunk('money.js', { importedCss: new Set(['money.css']) }),
      chunk('about.js', { facadeModuleId: '/web/src/app/routes/about-route.tsx' }),
    ];

    expect(pageStylesheets(chunks, '/web/src/app/routes/menu-route.tsx')).toEqual([
      'menu.css',
      'money.css',
    ]);
  });

  it('given no chunk for the page, then an error names it', () => {
    expect(() => pageStylesheets([chunk('index.js', { isEntry: true })], '/nope.tsx')).toThrow(
      /nope\.tsx/,
    );
  });
});
