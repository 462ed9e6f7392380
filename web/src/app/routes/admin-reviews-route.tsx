import { useSelector } from 'react-redux';
import { reviewTexts } from '../../features/admin/model/admin-texts';
import { AdminReviewsPage } from '../../features/admin/reviews/reviews-page';
import { selectAuth } from '../../features/auth/auth-slice';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /admin/reviews: the admin's moderation page, told whether the session is an admin's. */
export function AdminReviewsRoute() {
  useDocumentTitle(reviewTexts.title);
  const { user, token } = useSelector(selectAuth);
  return <AdminReviewsPage isAdmin={token !== null && user?.role === 'admin'} />;
}
