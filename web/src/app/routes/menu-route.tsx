import type { ProductDto } from '@quitute/contracts';
import { CartSummary } from '../../features/cart/components/cart-summary';
import { MinimumQuantityDialog } from '../../features/cart/components/minimum-quantity-dialog';
import { useAddToCart } from '../../features/cart/hooks/use-add-to-cart';
import { cartProductFromDto } from '../../features/cart/model/cart-rules';
import { OfflineBanner } from '../../features/connectivity/offline-banner';
import { MenuPage } from '../../features/menu/components/menu-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /cardapio: the menu feature wired to the cart and connectivity features. */
export function MenuRoute() {
  useDocumentTitle('Cardápio');
  const { addToCart, belowMinimum, dismissBelowMinimum } = useAddToCart();
  const add = (product: ProductDto, quantity: number) => {
    addToCart(cartProductFromDto(product), quantity);
  };
  return (
    <>
      <MenuPage onAddToCart={add} banner={<OfflineBanner />} aside={<CartSummary />} />
      <MinimumQuantityDialog open={belowMinimum} onDismiss={dismissBelowMinimum} />
    </>
  );
}
