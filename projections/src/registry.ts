import { usersProjection } from './accounts/users';
import { cartsProjection } from './cart/carts';
import { menuProjection } from './catalog/menu';
import { ordersProjection } from './ordering/orders';
import type { Projection } from './projection';

/** Every projection this service runs. */
export const projections: readonly Projection[] = [
  menuProjection,
  usersProjection,
  cartsProjection,
  ordersProjection,
];
