import { useSelector } from 'react-redux';
import { selectCurrentUser } from '../../features/auth/auth-slice';
import { CustomOrderPage } from '../../features/custom-order/custom-order-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /encomendas: the custom order form, filled with the signed-in customer's contact from her profile. */
export function CustomOrderRoute() {
  useDocumentTitle('Encomendas');
  const user = useSelector(selectCurrentUser);
  return (
    <CustomOrderPage
      // A session resolved after the page opened fills the form then.
      key={user?.id ?? 'visitor'}
      contact={user ? { name: user.name, email: user.email, phone: user.phone } : null}
    />
  );
}
