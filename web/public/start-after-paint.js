/**
 * Starts the app on a prerendered page (web/vite.config.ts writes them): the
 * page is on screen from its HTML and CSS, and the app's modules are asked for
 * once it has painted, so they never hold that paint up (Lighthouse counts a
 * script that arrived before the largest paint as part of it). This script's
 * data-modules lists them, the app's entry first.
 */
const script = document.querySelector('script[data-modules]');
const [entry, ...imports] = (script?.getAttribute('data-modules') ?? '').split(' ');

function startApp() {
  for (const href of imports) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(entry);
}

// A frame's callbacks run before it paints, a task they queue after. A hidden
// tab paints no frame: it starts at once.
if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));
