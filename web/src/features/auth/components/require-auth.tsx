import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { selectAuth } from '../auth-slice';
import { authMessages } from '../model/auth-messages';
import { loginStateFrom } from '../model/login-return';

/**
 * Logged-in only routes (spec §2): wait for the session check, then the page or
 * /login, which is told where the visitor was so it can say why and take her back.
 */
export function RequireAuth() {
  const { user, authenticating } = useSelector(selectAuth);
  const { pathname, search } = useLocation();
  if (authenticating) return <PageLoading label={authMessages.loadingProtectedRoutes} />;
  if (!user) return <Navigate to="/login" replace state={loginStateFrom(pathname, search)} />;
  return <Outlet />;
}
