import { z } from 'zod';
import { cartLineSchema } from '@quitute/contracts';
import type { SnapshotPolicy } from '../shared/snapshots';
import type { CartState } from './decider';

const cartStateSchema: z.ZodType<CartState> = z.object({
  lines: z.array(cartLineSchema),
  checkedOut: z.array(z.string()).optional(),
});

/**
 * `cart-<userId>` streams live as long as the customer: every add, sync and
 * clear of every order stays in them. A snapshot every 100 events bounds what
 * a cart command reads.
 */
export const cartSnapshotPolicy: SnapshotPolicy<CartState> = {
  version: 'cart-1',
  schema: cartStateSchema,
  every: 100,
};
