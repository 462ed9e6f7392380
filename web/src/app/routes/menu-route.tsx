import type { ProductDto } from '@quitute/contracts';
import { useSelector } from 'react-redux';
import { AddToCartFeedback } from '../../features/cart/components/add-to-cart-feedback';
import { CartSummary } from '../../features/cart/components/cart-summary';
import { useAddToCart } from '../../features/cart/hooks/use-add-to-cart';
import { cartProductFromDto } from '../../features/cart/model/cart-rules';
import { OfflineBanner } from '../../features/connectivity/offline-banner';
import { selectIsOnline } from '../../features/connectivity/connectivity-slice';
import { MenuPage } from '../../features/menu/components/menu-page';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /cardapio: the menu feature wired to the cart and connectivity features. */
export function MenuRoute() {
  useDocumentTitle('Cardápio');
  const online = useSelector(selectIsOnline);
  const { addToCart, feedback, dismissFeedback } = useAddToCart({ offline: !online });
  const add = (product: ProductDto, quantity: number) => {
    addToCart(cartProductFromDto(product), quantity);
  };
  return (
    <>
      <MenuPage onAddToCart={add} banner={<OfflineBanner />} aside={<CartSummary />} />
      <AddToCartFeedback feedback={feedback} onDismiss={dismissFeedback} />
    </>
  );
}
