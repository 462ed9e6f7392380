export { createCommandApp, createCommandRouter, jsonBody } from './app';
export type { CommandDeps } from './app';
export { seedMenu, menuProductId } from './catalog/seed';
export { productDecider, parseCatalogEvent, catalogMessages } from './catalog/decider';
export type { CatalogCommand, ProductFields, ProductState } from './catalog/decider';
export { handleCommand, deriveEventId } from './shared/handle-command';
export type { CommandContext, CommandResult } from './shared/handle-command';
