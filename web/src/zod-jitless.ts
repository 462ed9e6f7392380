import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may; first it tries
 * one, which the shop's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') blocks and Chromium reports as a violation on every page.
 * The browser parses little: the plain parsers do. Imported first by main.tsx,
 * before any schema is made (zod decides when a schema is created).
 */
z.config({ jitless: true });
