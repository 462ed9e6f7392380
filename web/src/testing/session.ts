import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { AuthUser } from '../features/auth/model/auth-types';
import { TOKEN_KEY, USER_KEY } from '../features/auth/session-storage';
import { USER_ID_KEY } from '../features/cart/cart-storage';
import { json, stubFetch, type FetchHandler } from './fetch-stub';
import { MemoryStorage } from './memory-storage';
import { shopSettingsAnswer } from './shop-settings';

/** The signed-in user the fakes here are made of. */
export type { AuthUser };

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT-shaped token (unsigned: the web app never checks signatures) expiring `expiresIn` s from now. */
export function fakeToken(claims: Record<string, unknown>, expiresIn = 3_600): string {
  const exp = Math.floor(Date.now() / 1000) + expiresIn;
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ exp, ...claims })}.assinatura`;
}

export const customer: AuthUser = {
  id: '7d1b3b8e-2f7a-4a34-9d3e-0c5b1f6f2a11',
  email: 'maria@example.com',
  name: 'Maria da Silva',
  phone: '11987654321',
  address: 'Rua das Flores, 123',
  preferences: { notifications: { email: true, sms: false } },
  role: 'user',
};

export const admin: AuthUser = {
  ...customer,
  id: '0a9e5a52-7c43-4f3e-9a57-8d3a4f7b6c22',
  email: 'admin@quitute.com.br',
  name: 'Ana Admin',
  role: 'admin',
};

export function tokenFor(user: AuthUser, expiresIn?: number): string {
  return fakeToken(
    { userId: user.id, email: user.email, name: user.name, role: user.role },
    expiresIn,
  );
}

/** localStorage holding a signed-in session, as a previous visit left it. */
export function storageWithSession(user: AuthUser, token = tokenFor(user)): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(TOKEN_KEY, token);
  storage.setItem(USER_KEY, JSON.stringify(user));
  return storage;
}

/** The same, with the cart kept in this browser marked as that user's. */
export function storageWithSessionAndCart(user: AuthUser, token = tokenFor(user)): MemoryStorage {
  const storage = storageWithSession(user, token);
  storage.setItem(USER_ID_KEY, user.id);
  return storage;
}

/** GET /api/users/profile as the server answers it; the e-mail confirmed unless said otherwise (issue 41). */
export function profileBody(user: AuthUser, { emailConfirmed = true } = {}) {
  const { id, email, name, phone, address, preferences, role } = user;
  return { id, email, name, phone, address, preferences, role, emailConfirmed };
}

/** POST /api/auth/login as the server answers it. */
export function loginBody(user: AuthUser, token = tokenFor(user)) {
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    token,
    phone: user.phone,
    address: user.address,
    preferences: user.preferences,
    role: user.role,
    message: 'Login realizado com sucesso!',
    position: 42,
  };
}

/** An ALTCHA v2 challenge, the body of GET /api/auth/captcha by default. */
export const altchaChallenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: 'ab12',
    salt: 'cd34',
    cost: 1500,
    keyLength: 32,
    keyPrefix: '00',
    expiresAt: 4_102_444_800,
  },
  signature: 'ef56',
};

/**
 * A shop backend for account pages: /health, the captcha and, when a user is
 * given, their profile; anything else goes to `handler` (404 if it returns nothing).
 */
export function stubAccountApi(
  options: {
    user?: AuthUser;
    /** Whether the user's e-mail is confirmed (GET /api/users/profile); true by default. */
    emailConfirmed?: boolean;
    handler?: (url: URL, request: Request) => Response | Promise<Response | undefined> | undefined;
  } = {},
): Request[] {
  const answer: FetchHandler = async (url, request) => {
    const custom = await options.handler?.(url, request);
    if (custom) return custom;
    if (url.pathname === '/health') return json({ status: 'ok' });
    if (url.pathname === '/api/auth/captcha') return json(altchaChallenge);
    const shop = shopSettingsAnswer(url);
    if (shop) return shop;
    if (url.pathname === '/api/users/profile' && request.method === 'GET' && options.user) {
      return json(profileBody(options.user, { emailConfirmed: options.emailConfirmed ?? true }));
    }
    // A signed-in customer's shop loads their server cart: empty unless a test says otherwise.
    const user = options.user;
    if (user && url.pathname === `/carrinho/${user.id}` && request.method === 'GET') {
      return json({ userId: user.id, itens: [] });
    }
    return json({ message: 'Recurso não encontrado.' }, { status: 404 });
  };
  return stubFetch(answer);
}

/** The ALTCHA widget (its code is mocked in tests: see render.tsx). */
export function captchaWidget(): HTMLElement & { reset: ReturnType<typeof vi.fn> } {
  const widget = document.querySelector('altcha-widget');
  if (!(widget instanceof HTMLElement)) throw new Error('no <altcha-widget> on the page');
  const reset = vi.fn();
  return Object.assign(widget, { reset });
}

/** What the widget does once the visitor ticks it and the proof of work is done. */
export function solveCaptcha(widget: HTMLElement, payload = 'cGF5bG9hZA=='): void {
  act(() => {
    widget.dispatchEvent(
      new CustomEvent('statechange', { detail: { state: 'verified', payload } }),
    );
  });
}
