import { useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { selectAuth } from '../auth-slice';
import { authMessages } from '../model/auth-messages';

/** Logged-in only routes (spec §2): wait for the session check, then the page or /login. */
export function RequireAuth() {
  const { user, authenticating } = useSelector(selectAuth);
  if (authenticating) return <PageLoading label={authMessages.loadingProtectedRoutes} />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}
