import { useCallback, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useUpdateProfileMutation } from '../../features/auth/api/auth-api';
import { selectCurrentUser } from '../../features/auth/auth-slice';
import { checkedOut, selectCartLines } from '../../features/cart/cart-slice';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import type { CheckoutItem } from '../../features/checkout/model/checkout-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

/**
 * /pagamento (logged-in only): the checkout over the cart's lines and the
 * session's customer, filled in from her profile (and her last orders), and
 * saving a delivery address to her profile when she asks (issue 37).
 */
export function CheckoutRoute() {
  useDocumentTitle('Finalizar Pagamento');
  const dispatch = useDispatch();
  const user = useSelector(selectCurrentUser);
  const lines = useSelector(selectCartLines);
  const [updateProfile] = useUpdateProfileMutation();
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
  const profile = useMemo(
    () => (user ? { name: user.name, phone: user.phone } : undefined),
    [user],
  );
  // Her name and phone stay as the profile has them: only the address changes.
  const saveAddress = useCallback(
    async (address: string) => {
      if (!user) return false;
      const saved = await updateProfile({ name: user.name, phone: user.phone, address });
      return !saved.error;
    },
    [user, updateProfile],
  );
  const emptyCart = useCallback(() => dispatch(checkedOut()), [dispatch]);
  if (!customer) return null;
  return (
    <CheckoutPage
      items={items}
      customer={customer}
      onApproved={emptyCart}
      profile={profile}
      onSaveAddress={saveAddress}
    />
  );
}
