import { useLayoutEffect } from 'react';
import { SHOP_TAGLINE } from '../config/shop';
import { useShopSettings } from './use-shop-settings';

/**
 * 'Cardápio | Quitute', the shop's name from its settings; the home page
 * keeps the shop's full title. While the name loads, the page's own name
 * alone (the home page keeps the title it has). Set in the same commit as the
 * page's DOM (layout effect), so nobody — a screen reader, the history entry,
 * a test that found the heading — sees the page under the previous page's title.
 */
export function useDocumentTitle(page?: string): void {
  const name = useShopSettings()?.name;
  useLayoutEffect(() => {
    if (page) document.title = name ? `${page} | ${name}` : page;
    else if (name) document.title = `${name} — ${SHOP_TAGLINE}`;
  }, [page, name]);
}
