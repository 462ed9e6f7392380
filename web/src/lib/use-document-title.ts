import { useEffect } from 'react';
import { SHOP_NAME, SHOP_TAGLINE } from '../config/shop';

export const DEFAULT_TITLE = `${SHOP_NAME} — ${SHOP_TAGLINE}`;

/** 'Cardápio | Quitute'; the home page keeps the shop's full title. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} | ${SHOP_NAME}` : DEFAULT_TITLE;
  }, [page]);
}
