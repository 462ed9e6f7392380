import { useEffect, useState } from 'react';

/**
 * What the floating buttons (chat, back to top) must never cover: an element
 * marked `data-primary-action` (a total, the cart's summary, a code to copy and
 * its button, a list row's actions) and any form's submit button (checkout's
 * 'Prosseguir', a menu card's 'Adicionar ao Carrinho').
 */
export const PRIMARY_ACTIONS = '[data-primary-action], form [type="submit"]';

/** The floating buttons themselves. */
export const FLOATING_BUTTONS = '[data-floating-button]';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Two boxes share some area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

const isShown = (box: DOMRect) => box.width > 0 && box.height > 0;

/**
 * Whether a floating button sits over a primary action now. The buttons are
 * measured where they rest: while tucked away they are only invisible, not
 * moved, so their boxes do not change with it.
 */
export function floatingButtonsCover(root: ParentNode): boolean {
  const floating = [...root.querySelectorAll(FLOATING_BUTTONS)]
    .map((element) => element.getBoundingClientRect())
    .filter(isShown);
  if (floating.length === 0) return false;
  return [...root.querySelectorAll(PRIMARY_ACTIONS)].some((element) => {
    const box = element.getBoundingClientRect();
    return isShown(box) && floating.some((button) => overlaps(button, box));
  });
}

/**
 * True while a floating button would cover a primary action: the layout then
 * tucks them away until the page scrolls on. Checked on scroll (browsers fire
 * it once a frame at most), on resize and when the page's content changes.
 */
export function useFloatingButtonsCover(): boolean {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    const check = () => setCovering(floatingButtonsCover(document));
    const changes = new MutationObserver(check);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    check();
    return () => {
      changes.disconnect();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);
  return covering;
}
