import type { OrderDto } from '@quitute/contracts';
import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectCurrentUser } from '../../features/auth/auth-slice';
import { OrdersPage } from '../../features/orders/components/orders-page';
import { useDocumentTitle } from '../../hooks/use-document-title';
import type { AppDispatch } from '../store';

/** /orders: the orders feature, whose 'Repetir Pedido' fills the cart feature's cart. */
export function OrdersRoute() {
  useDocumentTitle('Meus Pedidos');
  const dispatch = useDispatch<AppDispatch>();
  const user = useSelector(selectCurrentUser);
  const userId = user?.id ?? null;
  const repeat = useCallback(
    async (order: OrderDto) => {
      // The cart's commands load on the click: the list does not need them (issue 14's budget).
      const { repeatIntoCart } = await import('../../features/cart/cart-repeat');
      return dispatch(
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
      );
    },
    [dispatch, userId],
  );
  return <OrdersPage onRepeat={repeat} />;
}
