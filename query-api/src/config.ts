import { z } from 'zod';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@quitute/contracts';

/** query-api's own settings, read by whichever main composes it (query-api alone, or the embedded shop). */
export const queryEnv = {
  /** Admin product stats: a product with less stock than this is low on stock. */
  LOW_STOCK_THRESHOLD: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number()
      .int('must be a whole number')
      .nonnegative('must not be negative')
      .default(DEFAULT_LOW_STOCK_THRESHOLD),
  ),
};
