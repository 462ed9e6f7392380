import { CartPage } from '../../features/cart/components/cart-page';
import { OfflineBanner } from '../../features/connectivity/offline-banner';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /carrinho (logged-in only): the cart feature with the connectivity feature's banner. */
export function CartRoute() {
  useDocumentTitle('Carrinho');
  return <CartPage banner={<OfflineBanner />} />;
}
