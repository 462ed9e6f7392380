// First: React Refresh's preamble in development (an empty module in production builds).
import '@vitejs/plugin-react/preamble';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, prefetchPages } from './app/router';
import { makeStore } from './app/store';
import './styles/tokens.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={makeStore()} router={createAppRouter()} />
  </StrictMode>,
);

prefetchPages();
