import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SecurityShop } from './shop';

/**
 * Issue 14.2: helmet's headers on every kind of answer the shop gives (the web
 * app's HTML and assets, API JSON, errors, the development pages), and a
 * Content-Security-Policy that the built web app and the server's own pages
 * satisfy: no inline script or handler it would block, every script, style
 * and frame from a source it allows. (A real browser's check is e2e/src/csp.e2e.ts.)
 */

let shop: SecurityShop;

type Policy = Map<string, string[]>;

function parsePolicy(header: string | null): Policy {
  const policy: Policy = new Map();
  for (const directive of (header ?? '').split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

/** The sources that govern a fetch of this kind: its own directive, else default-src (CSP 3 fallbacks, simplified). */
function sourcesFor(policy: Policy, directive: string): string[] {
  const fallbacks: Record<string, string[]> = {
    'script-src-elem': ['script-src-elem', 'script-src', 'default-src'],
    'script-src-attr': ['script-src-attr', 'script-src', 'default-src'],
    'style-src-elem': ['style-src-elem', 'style-src', 'default-src'],
    'frame-src': ['frame-src', 'child-src', 'default-src'],
    'img-src': ['img-src', 'default-src'],
  };
  for (const name of fallbacks[directive] ?? [directive, 'default-src']) {
    const sources = policy.get(name);
    if (sources) return sources;
  }
  return ['*'];
}

/** Whether a URL in a page at `pageUrl` may load under these sources. */
function urlAllowed(sources: string[], url: string, pageUrl: string): boolean {
  const target = new URL(url, pageUrl);
  const page = new URL(pageUrl);
  return sources.some((source) => {
    if (source === "'self'") return target.origin === page.origin;
    if (source === '*') return true;
    if (source.endsWith(':') && !source.includes('/')) return target.protocol === source;
    if (source.startsWith("'")) return false;
    const host = source.replace(/^https?:\/\//, '');
    const scheme = source.includes('://') ? source.split('://')[0] + ':' : null;
    if (scheme && target.protocol !== scheme) return false;
    return host.startsWith('*.') ? target.hostname.endsWith(host.slice(1)) : target.host === host;
  });
}

const inlineAllowed = (sources: string[], content: string) => {
  const hash = `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
  return sources.includes("'unsafe-inline'") || sources.includes(hash);
};

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];

/** What this HTML would have the browser block under the policy: one line per violation. */
function violations(html: string, policy: Policy, pageUrl: string): string[] {
  const found: string[] = [];
  for (const [, tag = '', content = ''] of html.matchAll(
    /(<script\b[^>]*>)([\s\S]*?)<\/script>/gi,
  )) {
    const src = attribute(tag, 'src');
    const sources = sourcesFor(policy, 'script-src-elem');
    if (src === undefined) {
      if (
        !/type\s*=\s*["']?application\/(ld\+)?json/i.test(tag) &&
        !inlineAllowed(sources, content)
      ) {
        found.push(`inline script: ${content.slice(0, 60)}`);
      }
    } else if (!urlAllowed(sources, src, pageUrl)) found.push(`script from ${src}`);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase();
    const href = attribute(tag, 'href');
    if (href === undefined) continue;
    if (rel === 'stylesheet' && !urlAllowed(sourcesFor(policy, 'style-src-elem'), href, pageUrl)) {
      found.push(`stylesheet from ${href}`);
    }
    if (
      rel === 'modulepreload' &&
      !urlAllowed(sourcesFor(policy, 'script-src-elem'), href, pageUrl)
    ) {
      found.push(`module from ${href}`);
    }
  }
  for (const [, content = ''] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    if (!inlineAllowed(sourcesFor(policy, 'style-src-elem'), content)) found.push('inline <style>');
  }
  for (const [handler] of html.matchAll(/<[^>]*\son[a-z]+\s*=/gi)) {
    if (!sourcesFor(policy, 'script-src-attr').includes("'unsafe-inline'")) {
      found.push(`inline handler: ${handler.slice(0, 60)}`);
    }
  }
  for (const [tag] of html.matchAll(/<iframe\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && !urlAllowed(sourcesFor(policy, 'frame-src'), src, pageUrl))
      found.push(`frame ${src}`);
  }
  for (const [tag] of html.matchAll(/<form\b[^>]*>/gi)) {
    const action = attribute(tag, 'action') ?? pageUrl;
    if (!urlAllowed(policy.get('form-action') ?? ['*'], action, pageUrl))
      found.push(`form to ${action}`);
  }
  return found;
}

/** helmet's headers, as every answer of the shop must carry them. */
function expectHardened(headers: Headers, label: string) {
  expect(
    {
      label,
      nosniff: headers.get('x-content-type-options'),
      poweredBy: headers.get('x-powered-by'),
      hasPolicy: (headers.get('content-security-policy') ?? '').includes("default-src 'self'"),
    },
    label,
  ).toEqual({ label, nosniff: 'nosniff', poweredBy: null, hasPolicy: true });
}

/** Registers these tests on the suite's shop (see bodies-and-headers.test.ts), which serves a freshly built web app. */
export function headersAndCspTests(current: () => SecurityShop): void {
  beforeAll(() => {
    shop = current();
  });

  describe('the built web app under the shop’s Content-Security-Policy', () => {
    const pages = ['/', '/cardapio', '/login', '/admin', '/pagina-que-nao-existe'];

    it('given each page of the web app, then its HTML carries helmet’s headers and a strict policy', async () => {
      for (const page of pages) {
        const answer = await shop.call('GET', page, { headers: { accept: 'text/html' } });
        expect(answer.status, page).toBe(200);
        expectHardened(answer.headers, page);
        expect(answer.headers.get('x-frame-options'), page).toBe('SAMEORIGIN');
        expect(answer.headers.get('referrer-policy'), page).toBe('no-referrer');
        expect(answer.headers.get('cross-origin-opener-policy'), page).toBe('same-origin');
        const policy = parsePolicy(answer.headers.get('content-security-policy'));
        expect(policy.get('script-src'), page).toEqual(["'self'"]);
        expect(policy.get('object-src'), page).toEqual(["'none'"]);
        expect(policy.get('script-src-attr'), page).toEqual(["'none'"]);
        expect(policy.get('base-uri'), page).toEqual(["'self'"]);
        expect(policy.get('frame-ancestors'), page).toEqual(["'self'"]);
      }
    });

    it('given the built index.html, then nothing in it breaks the policy: no inline script or handler, scripts and styles from the shop', async () => {
      const answer = await shop.call('GET', '/', { headers: { accept: 'text/html' } });
      const policy = parsePolicy(answer.headers.get('content-security-policy'));
      expect(answer.text).toMatch(/<script type="module"[^>]* src="\/assets\//);
      expect(violations(answer.text, policy, `${shop.url}/`)).toEqual([]);
    });

    it('given the checker, then it does find what the policy blocks (an inline script, a handler, a foreign script)', () => {
      const policy = parsePolicy("default-src 'self'; script-src 'self'; script-src-attr 'none'");
      const hostile =
        '<script>alert(1)</script><img src=x onerror="alert(1)"><script src="https://evil.example/x.js"></script>';
      expect(violations(hostile, policy, 'http://loja.test/')).toHaveLength(3);
    });

    it('given the assets the page loads, then each is served by the shop with nosniff and its real type', async () => {
      const index = (await shop.call('GET', '/', { headers: { accept: 'text/html' } })).text;
      const assets = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(
        ([, asset]) => asset,
      );
      expect(assets.length).toBeGreaterThan(1);
      for (const asset of assets) {
        const answer = await fetch(`${shop.url}${asset}`);
        await answer.arrayBuffer();
        expect({
          asset,
          status: answer.status,
          nosniff: answer.headers.get('x-content-type-options'),
        }).toEqual({
          asset,
          status: 200,
          nosniff: 'nosniff',
        });
        expect(answer.headers.get('content-type'), asset).toMatch(
          asset?.endsWith('.css') ? /^text\/css/ : /^(text|application)\/javascript/,
        );
      }
    });
  });

  describe('helmet’s headers beyond the web app', () => {
    it('given API answers and errors (200, 401, 403, 404, 400 malformed, 413), then each carries them', async () => {
      const { customerA } = shop;
      const answers = {
        products: await shop.call('GET', '/api/products'),
        noToken: await shop.call('GET', '/api/users/profile'),
        forbidden: await shop.call('GET', '/api/admin/users', { token: customerA.token }),
        unknownApi: await shop.call('GET', '/api/nada-aqui'),
        malformed: await shop.call('POST', '/carrinho', { body: '{"a": ' }),
        oversized: await shop.call('POST', '/carrinho', {
          body: JSON.stringify({ a: 'a'.repeat(200_000) }),
        }),
      };
      expect(Object.values(answers).map((answer) => answer.status)).toEqual([
        200, 401, 403, 404, 400, 413,
      ]);
      for (const [label, answer] of Object.entries(answers)) expectHardened(answer.headers, label);
    });

    it('given answers with a token or personal data (login, profile and preferences, written or read, cart, orders, admin lists), then no cache keeps them', async () => {
      const { customerA, admin } = shop;
      const asA = { token: customerA.token };
      const answers = {
        login: await shop.login(customerA.email),
        profileWritten: await shop.call('PUT', '/api/users/profile', {
          ...asA,
          body: { phone: '11955554444' },
        }),
        preferencesWritten: await shop.call('PUT', '/api/users/preferences', {
          ...asA,
          body: { notifications: { email: true, sms: false } },
        }),
        profile: await shop.call('GET', '/api/users/profile', asA),
        preferences: await shop.call('GET', '/api/users/preferences', asA),
        cart: await shop.call('GET', `/carrinho/${customerA.userId}`, asA),
        orders: await shop.call('GET', '/api/orders', asA),
        adminUsers: await shop.call('GET', '/api/admin/users', { token: admin.token }),
      };
      for (const [label, answer] of Object.entries(answers)) {
        expect({
          label,
          status: answer.status,
          cache: answer.headers.get('cache-control'),
        }).toEqual({
          label,
          status: 200,
          cache: expect.stringMatching(/\bno-store\b/),
        });
      }
    });

    it('given the server’s own pages (the payment simulator, the dev mailbox), then they satisfy their policy too', async () => {
      const order = await shop.placeOrder(shop.customerA);
      for (const page of [`/simulator/payments/${order.paymentId}`, '/dev/mailbox']) {
        const answer = await shop.call('GET', page, { headers: { accept: 'text/html' } });
        expect(answer.status, page).toBe(200);
        expect(answer.headers.get('x-content-type-options'), page).toBe('nosniff');
        const policy = parsePolicy(answer.headers.get('content-security-policy'));
        expect(policy.size, page).toBeGreaterThan(0);
        expect(violations(answer.text, policy, `${shop.url}${page}`), page).toEqual([]);
      }
    });
  });
}
