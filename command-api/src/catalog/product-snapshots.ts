import { z } from 'zod';
import { productUpdatedSchema } from '@quitute/contracts';
import type { SnapshotPolicy } from '../shared/snapshots';
import type { ProductState } from './decider';

const productStateSchema: z.ZodType<ProductState> = z.discriminatedUnion('status', [
  z.object({ status: z.literal('absent') }),
  z.object({
    status: z.literal('listed'),
    productId: z.string(),
    // The fields as the product's events carry them.
    fields: productUpdatedSchema.omit({ productId: true }),
    isActive: z.boolean(),
    holds: z.record(
      z.string(),
      z.record(z.string(), z.object({ quantity: z.number().int(), checkoutAttempt: z.string() })),
    ),
  }),
  z.object({ status: z.literal('deleted'), productId: z.string() }),
]);

/**
 * Issue 38: `product-<id>` streams grow by an event or two for every order of
 * the product (its units held, given back), for as long as it is on the menu.
 * A snapshot every 200 events bounds what a checkout reads of them.
 */
export const productSnapshotPolicy: SnapshotPolicy<ProductState> = {
  version: 'product-2',
  schema: productStateSchema,
  every: 200,
};
