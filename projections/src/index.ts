export { ProjectionRunner } from './runner';
export type { RunnerStatus } from './runner';
export { defineProjection } from './projection';
export type { Projection, ProjectionDefinition } from './projection';
export { projections } from './registry';
export { composeProjections } from './compose';
export type { LeasedProjections, Projections, ProjectionsDeps } from './compose';
export { projectionProgress } from './projection-progress';
export { menuProjection } from './catalog/menu';
export { ordersProjection } from './ordering/orders';
export { salesProjection } from './sales/sales';
export { onlineSalesByMonthProjection } from './sales/online-sales-by-month';
export { usersProjection } from './accounts/users';
export { createPaymentRelay, PAYMENT_RELAY_CHECKPOINT } from './payments/payment-relay';
export type { PaymentRelay, PaymentRelayOptions } from './payments/payment-relay';
export { auditCommand } from './audit/command';
export type { AuditOutcome } from './audit/command';
export { shopTarget } from './cli/targets';
export type { ProjectionsTarget } from './cli/targets';
export { rebuildProjections } from './rebuild';
export type { RebuildProgress, RebuildResult } from './rebuild';
export { verifyProjection } from './verify';
export type { VerifyResult, DocumentDifference } from './verify';
export { progressBar, progressLine } from './cli/progress';
export { buildReadModelsFirst } from './first-build';
export {
  keepReadModelsSaved,
  openSavedReadModels,
  READ_MODELS_FILE,
  READ_MODELS_SAVE_INTERVAL_MS,
} from './saved-read-models';
