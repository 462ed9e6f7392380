import { z } from 'zod';
import { USERS_PROJECTION } from '../accounts/constants';
import { CARTS_PROJECTION } from '../cart/read-model';
import { CUSTOM_ORDERS_PROJECTION } from '../custom-orders/read-model';
import { MENU_PROJECTION } from '../catalog/read-model';
import { NOTIFICATIONS_PROJECTION } from '../notifications/constants';
import { ORDERS_PROJECTION } from '../ordering/read-model';
import { PURCHASES_PROJECTION, REVIEWS_PROJECTION } from '../reviews/read-model';
import { ONLINE_SALES_BY_MONTH_PROJECTION, SALES_PROJECTION } from '../sales/read-model';
import { KITCHEN_DAYS_PROJECTION, SCHEDULE_PROJECTION } from '../schedule/constants';
import { SHOP_SETTINGS_PROJECTION } from '../shop/constants';

/**
 * Every projection the shop runs (the projections service's registry, which a test
 * keeps equal to it): what GET /api/admin/projections lists. A retired one (orders_v3
 * once orders_v4 replaced it) leaves its checkpoint in the store; it is not listed.
 */
export const PROJECTION_NAMES: readonly string[] = [
  MENU_PROJECTION,
  USERS_PROJECTION,
  CARTS_PROJECTION,
  ORDERS_PROJECTION,
  REVIEWS_PROJECTION,
  PURCHASES_PROJECTION,
  SALES_PROJECTION,
  ONLINE_SALES_BY_MONTH_PROJECTION,
  CUSTOM_ORDERS_PROJECTION,
  SHOP_SETTINGS_PROJECTION,
  SCHEDULE_PROJECTION,
  KITCHEN_DAYS_PROJECTION,
  NOTIFICATIONS_PROJECTION,
];

/**
 * `GET /api/admin/projections` (issue 13 point 5): how far each read model is
 * behind the event log, and the event a failed projection stopped at.
 */

export const PROJECTION_STATES = [
  'catching-up',
  'live',
  'failed',
  'rebuilding',
  'stopped',
] as const;

export const projectionErrorSchema = z.object({
  position: z.number().int().nonnegative(),
  eventType: z.string(),
  message: z.string(),
});

export const projectionStatusSchema = z.object({
  name: z.string(),
  collection: z.string(),
  state: z.enum(PROJECTION_STATES),
  /** Global position of the last event applied. */
  checkpoint: z.number().int().nonnegative(),
  /** Events of the log after the checkpoint that this projection handles. */
  eventsBehind: z.number().int().nonnegative(),
  /** Age of the oldest event it has not applied yet (how stale it is); 0 when caught up. */
  secondsBehind: z.number().nonnegative(),
  lastError: projectionErrorSchema.nullable(),
});
export type ProjectionStatus = z.infer<typeof projectionStatusSchema>;

export const projectionsStatusSchema = z.object({
  /** Global position of the newest event of the log. */
  position: z.number().int().nonnegative(),
  projections: z.array(projectionStatusSchema),
});
export type ProjectionsStatus = z.infer<typeof projectionsStatusSchema>;
