import { vi } from 'vitest';
import { kitchenSchedule, scheduleAnswer } from './schedule';
import { shopSettingsAnswer } from './shop-settings';

export type FetchHandler = (url: URL, request: Request) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/**
 * Replaces the network at its boundary (global fetch). Returns the requests
 * seen, so a test can assert what was asked for.
 */
export function stubFetch(handler: FetchHandler): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request);
      return handler(new URL(request.url), request);
    }),
  );
  return requests;
}

/**
 * A shop backend answering /api/products with `products`, /api/shop with its
 * settings, /api/schedule with the kitchen's calendar (the default one without
 * `schedule`) and /health with 200.
 */
export function stubShopApi(
  products: unknown[] | (() => unknown[]),
  schedule = kitchenSchedule(),
): Request[] {
  return stubFetch((url) => {
    if (url.pathname === '/health') return json({ status: 'ok' });
    const shop =
      shopSettingsAnswer(url) ?? scheduleAnswer(url, { calendar: schedule, reserved: {} });
    if (shop) return shop;
    if (url.pathname === '/api/products') {
      return json(typeof products === 'function' ? products() : products);
    }
    return json({ message: 'Recurso não encontrado.' }, { status: 404 });
  });
}

/** A response the test releases when it wants, to see a page while a request is under way. */
export function deferredResponse() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release: (response: Response) => release(response) };
}
