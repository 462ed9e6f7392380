// First: React Refresh's preamble in development (an empty module in production builds).
import '@vitejs/plugin-react/preamble';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, loadPrerenderedPage, prefetchPages } from './app/router';
import { makeStore } from './app/store';
import './styles/tokens.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * As a transition, React renders in slices and the browser can answer a tap
 * between them (Lighthouse: total blocking time).
 */
function render(root: HTMLElement) {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App store={makeStore()} router={createAppRouter()} />
      </StrictMode>,
    );
  });
}

// A prerendered page (/cardapio) is on screen already: React's first render
// replaces it with the same page once its code is here, not with a loading
// state. Should the code fail to load, the page's own error shows as usual.
void loadPrerenderedPage(window.location.pathname)
  .catch(() => undefined)
  .then(() => render(container));

prefetchPages();
