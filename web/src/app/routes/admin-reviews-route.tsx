import { useSelector } from 'react-redux';
import { selectAuth } from '../../features/auth/auth-slice';
import { AdminReviewsPage } from '../../features/reviews/admin-reviews-page';
import { adminReviewTexts } from '../../features/reviews/model/review-texts';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/reviews: the reviews feature's moderation page, told whether the session is an admin's. */
export function AdminReviewsRoute() {
  useDocumentTitle(adminReviewTexts.title);
  const { user, token } = useSelector(selectAuth);
  return <AdminReviewsPage isAdmin={token !== null && user?.role === 'admin'} />;
}
