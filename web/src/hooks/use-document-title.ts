import { useLayoutEffect } from 'react';
import { SHOP_NAME, SHOP_TAGLINE } from '../config/shop';

export const DEFAULT_TITLE = `${SHOP_NAME} — ${SHOP_TAGLINE}`;

/**
 * 'Cardápio | Quitute'; the home page keeps the shop's full title. Set in the
 * same commit as the page's DOM (layout effect), so nobody — a screen reader,
 * the history entry, a test that found the heading — sees the page under the
 * previous page's title.
 */
export function useDocumentTitle(page?: string): void {
  useLayoutEffect(() => {
    document.title = page ? `${page} | ${SHOP_NAME}` : DEFAULT_TITLE;
  }, [page]);
}
