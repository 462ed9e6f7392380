import { useCallback, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectCurrentUser } from '../../features/auth/auth-slice';
import { checkedOut, selectCartLines } from '../../features/cart/cart-slice';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import type { CheckoutItem } from '../../features/checkout/model/checkout-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /pagamento (logged-in only): the checkout over the cart's lines and the session's customer. */
export function CheckoutRoute() {
  useDocumentTitle('Finalizar Pagamento');
  const dispatch = useDispatch();
  const user = useSelector(selectCurrentUser);
  const lines = useSelector(selectCartLines);
  const items = useMemo<CheckoutItem[]>(
    () =>
      lines.map((line) => ({
        id: line.item.id,
        title: line.item.nome,
        unitPrice: line.item.preco,
        quantity: line.quantidade,
        category: line.item.categoria,
      })),
    [lines],
  );
  const customer = useMemo(() => (user ? { id: user.id, email: user.email } : null), [user]);
  const emptyCart = useCallback(() => dispatch(checkedOut()), [dispatch]);
  if (!customer) return null;
  return <CheckoutPage items={items} customer={customer} onApproved={emptyCart} />;
}
