import { cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, vi } from 'vitest';
import { routes as appRoutes } from '../app/router';
import { makeStore, type AppStore } from '../app/store';
import { sockets } from './fake-socket';
import { MemoryStorage } from './memory-storage';
import { stubRevealing } from './reveal';

// The ALTCHA widget's code (web workers, proof of work) does not run under jsdom:
// tests find the bare <altcha-widget> element and play its events (see session.ts).
vi.mock('../features/auth/components/altcha-setup', () => ({}));
// No test talks to a real socket.io server: the admin area's socket (and the checkout's) get the
// fake, which a test plays the server's side of (see fake-socket.ts).
vi.mock('socket.io-client', () => import('./fake-socket'));

// The web test project has no setup file or globals: clean up after every test here.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  sockets.length = 0;
});

export interface RenderOptions {
  /** The URL the router starts at. */
  route?: string;
  store?: AppStore;
  storage?: Storage;
}

function renderRoutes(routes: RouteObject[], { route = '/', storage, store }: RenderOptions) {
  const actualStorage = storage ?? new MemoryStorage();
  const actualStore = store ?? makeStore({ storage: actualStorage });
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  // jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  stubRevealing();
  const user = userEvent.setup();
  const result: RenderResult = render(
    <Provider store={actualStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...result, store: actualStore, storage: actualStorage, router, user };
}

/** Renders one component under a store and a router sitting at `route`. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], options);
}

/** Renders the whole app (layout and lazy routes) at `route`. */
export function renderApp(options: RenderOptions = {}) {
  return renderRoutes(appRoutes, options);
}

/** For the first wait on a lazily loaded page: its code may take a while on a busy machine. */
export const PAGE_LOAD = { timeout: 10_000 };
