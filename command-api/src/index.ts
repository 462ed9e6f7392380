export { createCommandApp, createCommandRouter, jsonBody } from './app';
export type { CommandDeps } from './app';
export { composeCommandApi } from './compose';
export type { CommandApi, CommandApiDeps } from './compose';
export { seedMenu, menuProductId } from './catalog/seed';
export { createCatalogView } from './catalog/catalog-view';
export type {
  CartProductDetails,
  CatalogView,
  ProductRef,
  ProductResolution,
  ResolvedProduct,
} from './catalog/catalog-view';
export { productDecider, parseCatalogEvent, catalogMessages } from './catalog/decider';
export type { CatalogCommand, ProductFields, ProductState } from './catalog/decider';
export { commandStream, handleCommand, deriveEventId } from './shared/handle-command';
export type { CommandContext, CommandResult } from './shared/handle-command';
export { ensureAdmin, DEFAULT_ADMIN_EMAIL } from './accounts/admin-bootstrap';
export { DEFAULT_RATE_LIMITS, uniformRateLimits } from './accounts/rate-limits';
export type { AccountRateLimits, RateLimitStoreFactory } from './accounts/rate-limits';
export { sessionVersionsFromStreams } from './accounts/accounts';
export { createSessionView } from './accounts/session-view';
export type { SessionView } from './accounts/session-view';
export type { OrderingOptions } from './payments/options';
export { DEFAULT_PAYMENT_RATE_LIMITS } from './payments/rate-limits';
export type { PaymentRateLimits } from './payments/rate-limits';
export { createPaymentProcessCommands } from './process-managers/payment-process-commands';
export type { PaymentProcessDeps } from './process-managers/payment-process-commands';
