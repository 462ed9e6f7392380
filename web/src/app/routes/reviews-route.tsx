import { useSelector } from 'react-redux';
import { selectCurrentUser } from '../../features/auth/auth-slice';
import { useGetProductsQuery } from '../../features/menu/api/products-api';
import { ReviewsPage } from '../../features/reviews/components/reviews-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /avaliacoes: the reviews feature, given the session's user and the menu's products to choose from. */
export function ReviewsRoute() {
  useDocumentTitle('Avaliações');
  const user = useSelector(selectCurrentUser);
  const products = useGetProductsQuery({});
  return (
    <ReviewsPage
      user={user ? { name: user.name, email: user.email, role: user.role } : null}
      products={products.data}
      productsFailed={products.isError}
    />
  );
}
