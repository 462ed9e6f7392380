import { usersProjection } from './accounts/users';
import { cartsProjection } from './cart/carts';
import { customOrdersProjection } from './custom-orders/custom-orders';
import { menuProjection } from './catalog/menu';
import { notificationsProjection } from './notifications/notifications';
import { ordersProjection } from './ordering/orders';
import type { Projection } from './projection';
import { purchasesProjection } from './reviews/purchases';
import { reviewsProjection } from './reviews/reviews';
import { onlineSalesByMonthProjection } from './sales/online-sales-by-month';
import { salesProjection } from './sales/sales';
import { kitchenDaysProjection } from './schedule/kitchen-days';
import { kitchenScheduleProjection } from './schedule/kitchen-schedule';
import { shopSettingsProjection } from './shop/shop-settings';

/** Every projection this service runs. */
export const projections: readonly Projection[] = [
  menuProjection,
  usersProjection,
  cartsProjection,
  ordersProjection,
  reviewsProjection,
  purchasesProjection,
  salesProjection,
  onlineSalesByMonthProjection,
  customOrdersProjection,
  shopSettingsProjection,
  kitchenScheduleProjection,
  kitchenDaysProjection,
  notificationsProjection,
];
