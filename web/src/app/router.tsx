import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { RequireAuth } from '../features/auth/components/require-auth';
import { BareLayout } from './layout/bare-layout';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';

type PageModule = () => Promise<{ default: ComponentType }>;

const loginPage = () => import('./routes/login-route').then((m) => ({ default: m.LoginRoute }));

/**
 * Pages that send the visitor on to /login by themselves (after registering,
 * after a new password) bring the login page's code along: that step never
 * waits, nor shows the previous page under the new address meanwhile.
 */
function withLoginPage(load: PageModule): PageModule {
  return () => Promise.all([load(), loginPage()]).then(([loaded]) => loaded);
}

const pageModules = {
  home: () => import('./routes/home-route').then((m) => ({ default: m.HomeRoute })),
  menu: () => import('./routes/menu-route').then((m) => ({ default: m.MenuRoute })),
  about: () => import('./routes/about-route').then((m) => ({ default: m.AboutRoute })),
  customOrder: () =>
    import('./routes/custom-order-route').then((m) => ({ default: m.CustomOrderRoute })),
  contact: () => import('./routes/contact-route').then((m) => ({ default: m.ContactRoute })),
  reviews: () => import('./routes/reviews-route').then((m) => ({ default: m.ReviewsRoute })),
  terms: () => import('./routes/terms-route').then((m) => ({ default: m.TermsRoute })),
  privacy: () => import('./routes/privacy-route').then((m) => ({ default: m.PrivacyRoute })),
  login: loginPage,
  register: withLoginPage(() =>
    import('./routes/register-route').then((m) => ({ default: m.RegisterRoute })),
  ),
  resetRequest: () =>
    import('./routes/reset-request-route').then((m) => ({ default: m.ResetRequestRoute })),
  resetConfirm: withLoginPage(() =>
    import('./routes/reset-confirm-route').then((m) => ({ default: m.ResetConfirmRoute })),
  ),
  cart: () => import('./routes/cart-route').then((m) => ({ default: m.CartRoute })),
  profile: () => import('./routes/profile-route').then((m) => ({ default: m.ProfileRoute })),
  preferences: () =>
    import('./routes/preferences-route').then((m) => ({ default: m.PreferencesRoute })),
  checkout: () => import('./routes/checkout-route').then((m) => ({ default: m.CheckoutRoute })),
  success: () => import('./routes/success-route').then((m) => ({ default: m.SuccessRoute })),
  orders: () => import('./routes/orders-route').then((m) => ({ default: m.OrdersRoute })),
  orderDetails: () =>
    import('./routes/order-details-route').then((m) => ({ default: m.OrderDetailsRoute })),
  notFound: () => import('./routes/not-found-route').then((m) => ({ default: m.NotFoundRoute })),
} satisfies Record<string, PageModule>;

/**
 * Pages only the shop's e-mails link to (issue 41): one chunk for both, never
 * prefetched (nothing here leads to them).
 */
const emailLinkRoutes = () => import('./routes/email-link-routes');
const emailLinkPages = {
  confirmEmail: () => emailLinkRoutes().then((m) => ({ default: m.ConfirmEmailRoute })),
  unsubscribe: () => emailLinkRoutes().then((m) => ({ default: m.UnsubscribeRoute })),
} satisfies Record<string, PageModule>;

/**
 * The admin area (admin-spec §2) declares its own pages: its code, and
 * recharts, load only on /admin routes and are never prefetched for the shop's
 * visitors.
 */
const adminArea = () => import('./routes/admin-route').then((m) => ({ default: m.AdminRoute }));

/** Pages whose code loadPrerenderedPage has already loaded: they render without suspending. */
const loadedPages = new Map<PageModule, ComponentType>();

/**
 * Each page is its own chunk. The layout paints at once and only the page area
 * waits for its code; navigations keep the current page until the next is ready.
 */
function page(load: PageModule) {
  const LazyPage = lazy(load);
  function Page() {
    const Loaded = loadedPages.get(load);
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: page(pageModules.home) },
          { path: 'cardapio', element: page(pageModules.menu) },
          { path: 'encomendas', element: page(pageModules.customOrder) },
          { path: 'sobre', element: page(pageModules.about) },
          { path: 'contato', element: page(pageModules.contact) },
          { path: 'avaliacoes', element: page(pageModules.reviews) },
          { path: 'termos', element: page(pageModules.terms) },
          { path: 'privacidade', element: page(pageModules.privacy) },
          { path: 'login', element: page(pageModules.login) },
          { path: 'register', element: page(pageModules.register) },
          { path: 'reset/:token?', element: page(pageModules.resetConfirm) },
          { path: 'success', element: page(pageModules.success) },
          // The e-mails' links (contracts' CONFIRM_EMAIL_PATH and UNSUBSCRIBE_PATH, issue 41).
          { path: 'confirmar-email', element: page(emailLinkPages.confirmEmail) },
          { path: 'descadastrar', element: page(emailLinkPages.unsubscribe) },
          {
            element: <RequireAuth />,
            children: [
              { path: 'carrinho', element: page(pageModules.cart) },
              { path: 'perfil', element: page(pageModules.profile) },
              { path: 'preferences', element: page(pageModules.preferences) },
              { path: 'pagamento', element: page(pageModules.checkout) },
              { path: 'orders', element: page(pageModules.orders) },
              { path: 'my-orders/:orderId?', element: page(pageModules.orderDetails) },
            ],
          },
          { path: 'admin/*', element: page(adminArea) },
          { path: '*', element: page(pageModules.notFound) },
        ],
      },
    ],
  },
  {
    // Outside the main layout (spec §2).
    path: '/reset-password',
    element: <BareLayout />,
    errorElement: <RouteError />,
    children: [{ index: true, element: page(pageModules.resetRequest) }],
  },
];

/**
 * Other pages' code waits this long after the app starts: on a slow phone,
 * evaluating twenty page modules while the first page renders would hold up
 * its first taps (Lighthouse: total blocking time).
 */
const PREFETCH_DELAY_MS = 5_000;

/** Fetches every page's code a while after the first page, when the browser is idle, so later navigations are instant. */
export function prefetchPages(): void {
  const prefetch = () => {
    for (const load of Object.values(pageModules)) void load().catch(() => undefined);
  };
  setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch, { timeout: 3_000 });
    else prefetch();
  }, PREFETCH_DELAY_MS);
}

/**
 * Pages the server sends already rendered (vite.config.ts writes their HTML
 * from src/prerender.tsx): the visitor sees the page before the JavaScript
 * has loaded.
 */
export const prerenderedPages: Readonly<Record<string, PageModule>> = {
  '/cardapio': pageModules.menu,
};

/**
 * Loads the code of the page at `pathname` if it is prerendered, so that
 * React's first render is that same page and not a loading state over it.
 */
export async function loadPrerenderedPage(pathname: string): Promise<void> {
  const load = prerenderedPages[pathname];
  if (!load) return;
  const loaded = await load();
  loadedPages.set(load, loaded.default);
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
