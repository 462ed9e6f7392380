/**
 * For tests outside command-api that drive it over HTTP (the projections
 * service's client, composed where both services may be imported): a shop on
 * port 0 over memory stores and the process commands' contract suite.
 */
export { closeShops, now, openShop, pixBody } from './payments/testing';
export type { Shop, ShopOptions } from './payments/testing';
export { paymentProcessCommandsContract } from './payments/process-commands-contract';
export type { PaymentProcessCommandsSetup } from './payments/process-commands-contract';
