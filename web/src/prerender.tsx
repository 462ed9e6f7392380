import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { makeStore } from './app/store';
import { PrerenderingContext } from './components/prerendering-context';

/**
 * The markup the app renders at `url` for a first visit (no session, an empty
 * cart, no data from the API yet; the account menu neutral, since the visitor
 * may be signed in), its lazy page loaded: what the build writes
 * into a prerendered page's HTML (vite.config.ts). Built for Node with
 * `vite build --ssr`, so the CSS modules' class names are the client build's.
 */
export async function renderPage(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} redirects: nothing to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <PrerenderingContext value={true}>
        <Provider store={makeStore({ storage: undefined })}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Provider>
      </PrerenderingContext>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
