import { pathToFileURL } from 'node:url';

/**
 * `render-page.ts <server build of src/prerender.tsx> <url>` prints the
 * markup of the page at `url` (vite.config.ts runs it while building). A
 * process of its own: the app's modules read window.location as they load
 * (the API's origin), so they get one for that moment, which the build never
 * sees; rendering itself runs as on a server, without a window.
 */
const [serverBuild, url] = process.argv.slice(2);
if (!serverBuild || !url) throw new Error('usage: render-page.ts <server build> <url>');

Object.assign(globalThis, { window: { location: new URL(url) } });
const { renderPage } = (await import(pathToFileURL(serverBuild).href)) as {
  renderPage: (url: string) => Promise<string>;
};
Reflect.deleteProperty(globalThis, 'window');
process.stdout.write(await renderPage(url));
