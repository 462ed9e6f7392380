/**
 * Brings what just appeared (the Pix QR, the boleto, the card form) into view
 * and moves focus to it, so a customer on a phone, or with a screen reader,
 * lands on it after 'Prosseguir'. Smooth unless she asked for reduced motion;
 * the target is a heading with tabIndex -1, focused without a second jump.
 */
export function reveal(target: HTMLElement | null): void {
  if (!target) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}
