export { ProjectionRunner } from './runner';
export type { RunnerStatus } from './runner';
export { defineProjection } from './projection';
export type { Projection, ProjectionDefinition } from './projection';
export { projections } from './registry';
export { menuProjection } from './catalog/menu';
export { ordersProjection } from './ordering/orders';
