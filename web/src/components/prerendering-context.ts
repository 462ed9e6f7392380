import { createContext } from 'react';

/**
 * True while the build renders a page for everyone (prerender.tsx): no session
 * is known then, so what depends on who is visiting shows its neutral form
 * until the app renders in the browser (a signed-in customer must not see
 * 'Entrar' while the JavaScript loads).
 */
export const PrerenderingContext = createContext(false);
