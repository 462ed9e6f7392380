import { config } from 'zod/v4';

/**
 * What `zod` is in the web build (web/vite.config.ts aliases it here): zod,
 * told first never to compile parsers with `new Function`. zod probes for that
 * when an object schema is made, and the probe alone is a violation the shop's
 * Content-Security-Policy (script-src 'self', no 'unsafe-eval') reports on
 * every page. Being zod's own module, this runs before any schema anywhere is
 * made, whichever chunk makes it first; and zod stays in the chunks that use
 * it rather than riding in the first one.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
