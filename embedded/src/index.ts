export { createEmbeddedServer } from './server';
export type { EmbeddedServer } from './server';
export { loadEmbeddedConfig } from './config';
export type { EmbeddedConfig } from './config';
export { serveWebApp, webDist } from './web-assets';
