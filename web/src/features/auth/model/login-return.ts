import { isRecord } from '../../../lib/is-record';

/** What the login page tells a visitor a protected page sent there, and how it offers her way back. */
export interface LoginReturn {
  /** The page to go back to, as the app's own path (with its query string). */
  path: string;
  reason: string;
  backLabel: string;
}

/**
 * The logged-in only pages (spec §2) and what the login page says for each.
 * Only these paths are offered back: a value in the router's state never sends
 * anyone to an address of its own choosing.
 */
const protectedPages: readonly { pattern: RegExp; reason: string; backLabel: string }[] = [
  {
    pattern: /^\/carrinho$/,
    reason: 'Faça login para ver o seu carrinho',
    backLabel: 'Voltar ao carrinho',
  },
  {
    pattern: /^\/pagamento$/,
    reason: 'Faça login para finalizar o pagamento do seu pedido',
    backLabel: 'Voltar ao pagamento',
  },
  {
    pattern: /^\/perfil$/,
    reason: 'Faça login para ver o seu perfil',
    backLabel: 'Voltar ao perfil',
  },
  {
    pattern: /^\/preferences$/,
    reason: 'Faça login para ver as suas preferências',
    backLabel: 'Voltar às preferências',
  },
  {
    pattern: /^\/orders$/,
    reason: 'Faça login para ver os seus pedidos',
    backLabel: 'Voltar aos pedidos',
  },
  {
    pattern: /^\/my-orders(\/[^/]+)?$/,
    reason: 'Faça login para ver o seu pedido',
    backLabel: 'Voltar ao pedido',
  },
];

/** The router state a protected page hands to /login: where the visitor was. */
export function loginStateFrom(pathname: string, search: string): { from: string } {
  return { from: `${pathname}${search}` };
}

/** The way back for the router state /login received, or null when it names no protected page. */
export function loginReturnFrom(state: unknown): LoginReturn | null {
  if (!isRecord(state) || typeof state['from'] !== 'string') return null;
  const path = state['from'];
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const page = protectedPages.find(({ pattern }) => pattern.test(pathname));
  return page ? { path, reason: page.reason, backLabel: page.backLabel } : null;
}

/** The e-mail the register page hands to /login in the router's state (never in the address). */
export function loginEmailFrom(state: unknown): string {
  return isRecord(state) && typeof state['email'] === 'string' ? state['email'] : '';
}
