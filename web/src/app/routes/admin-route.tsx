import { lazy, Suspense, type ComponentType } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useRoutes } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { AdminArea } from '../../features/admin/components/admin-area';
import { loggedOut, selectAuth } from '../../features/auth/auth-slice';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { NotFoundRoute } from './not-found-route';

/** Each admin page is its own chunk; the area's shell paints at once. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

const pages = {
  dashboard: page(() =>
    import('./admin-dashboard-route').then((m) => ({ default: m.AdminDashboardRoute })),
  ),
  products: page(() =>
    import('./admin-products-route').then((m) => ({ default: m.AdminProductsRoute })),
  ),
  orders: page(() => import('./admin-orders-route').then((m) => ({ default: m.AdminOrdersRoute }))),
  orderDetails: page(() =>
    import('./admin-order-details-route').then((m) => ({ default: m.AdminOrderDetailsRoute })),
  ),
  users: page(() => import('./admin-users-route').then((m) => ({ default: m.AdminUsersRoute }))),
  userDetails: page(() =>
    import('./admin-user-details-route').then((m) => ({ default: m.AdminUserDetailsRoute })),
  ),
  sales: page(() => import('./admin-sales-route').then((m) => ({ default: m.AdminSalesRoute }))),
  events: page(() => import('./admin-events-route').then((m) => ({ default: m.AdminEventsRoute }))),
  eventStream: page(() =>
    import('./admin-event-stream-route').then((m) => ({ default: m.AdminEventStreamRoute })),
  ),
  reviews: page(() =>
    import('./admin-reviews-route').then((m) => ({ default: m.AdminReviewsRoute })),
  ),
  customOrders: page(() =>
    import('./admin-custom-orders-route').then((m) => ({ default: m.AdminCustomOrdersRoute })),
  ),
  notifications: page(() =>
    import('./admin-notifications-route').then((m) => ({ default: m.AdminNotificationsRoute })),
  ),
  shop: page(() => import('./admin-shop-route').then((m) => ({ default: m.AdminShopRoute }))),
  schedule: page(() =>
    import('./admin-schedule-route').then((m) => ({ default: m.AdminScheduleRoute })),
  ),
  production: page(() =>
    import('./admin-production-route').then((m) => ({ default: m.AdminProductionRoute })),
  ),
};

/**
 * /admin/* (admin-spec §2): the admin feature's area, given the shop's session
 * and its logout, with the route table of the admin area.
 */
export function AdminRoute() {
  useDocumentTitle('Painel Admin');
  const dispatch = useDispatch();
  const { user, token, authenticating } = useSelector(selectAuth);
  const area = (
    <AdminArea
      session={{
        user: user ? { id: user.id, role: user.role } : null,
        hasToken: token !== null,
        checking: authenticating,
      }}
      onLogout={() => dispatch(loggedOut())}
    />
  );
  return useRoutes([
    {
      element: area,
      children: [
        { index: true, element: pages.dashboard },
        { path: 'products', element: pages.products },
        { path: 'orders', element: pages.orders },
        { path: 'orders/:orderId', element: pages.orderDetails },
        { path: 'users', element: pages.users },
        { path: 'users/:id', element: pages.userDetails },
        { path: 'sales', element: pages.sales },
        { path: 'reviews', element: pages.reviews },
        { path: 'encomendas', element: pages.customOrders },
        { path: 'notificacoes', element: pages.notifications },
        { path: 'eventos', element: pages.events },
        { path: 'eventos/stream/:stream', element: pages.eventStream },
        { path: 'loja', element: pages.shop },
        { path: 'agenda', element: pages.schedule },
        { path: 'producao', element: pages.production },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
