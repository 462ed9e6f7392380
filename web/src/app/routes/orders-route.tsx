import type { OrderDto } from '@quitute/contracts';
import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectCurrentUser } from '../../features/auth/auth-slice';
import { repeatIntoCart } from '../../features/cart/cart-repeat';
import { OrdersPage } from '../../features/orders/components/orders-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { AppDispatch } from '../store';

/** /orders: the orders feature, whose 'Repetir Pedido' fills the cart feature's cart. */
export function OrdersRoute() {
  useDocumentTitle('Meus Pedidos');
  const dispatch = useDispatch<AppDispatch>();
  const user = useSelector(selectCurrentUser);
  const userId = user?.id ?? null;
  const repeat = useCallback(
    (order: OrderDto) =>
      dispatch(
        repeatIntoCart({
          userId,
          orderNumber: order.orderNumber,
          lines: order.items.map(({ item, quantity }) => ({
            id: item.productId,
            nome: item.name,
            preco: item.price,
            quantidade: quantity,
          })),
        }),
      ),
    [dispatch, userId],
  );
  return <OrdersPage onRepeat={repeat} />;
}
