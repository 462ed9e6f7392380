/**
 * Starts the app on a prerendered page (web/vite.config.ts writes them): the
 * page is on screen from its HTML and CSS, and the app's entry (this script's
 * data-entry) is asked for once it has painted, so the app's modules never
 * hold that paint up (Lighthouse counts a script that arrived before the
 * largest paint as part of it). No preload links for the entry's imports: the
 * browser finds them in the entry, and inserting two dozen links took as long
 * as a long task on a throttled phone.
 */
const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');

function startApp() {
  if (entry) void import(entry);
}

// A frame's callbacks run before it paints, a task they queue after. A hidden
// tab paints no frame: it starts at once.
if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));
