import { vi } from 'vitest';

/**
 * jsdom has neither scrollIntoView nor matchMedia; the checkout brings what appears
 * into view (lib/reveal.ts). `reducedMotion` is what the stubbed media query answers.
 */
export function stubRevealing({ reducedMotion = false } = {}) {
  const scrollIntoView = vi.fn();
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    value: scrollIntoView,
  });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reducedMotion && query.includes('prefers-reduced-motion: reduce'),
    media: query,
  }));
  return scrollIntoView;
}
