import { useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { session } from '@/lib/session';
import { dismissStaleToasts } from '@/lib/toast';

/** Authenticated routes: anonymous users go to /login; a spinner while the session loads. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Unauthenticated-only routes: a signed-in user goes to /dashboard. */
export function RequireGuest() {
  const { user, loading } = useAuth();
  if (loading) return <PageSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** SPEC §4: any 401 clears the session and sends the browser to /login, from any page. */
export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The root of every route: a page change takes the previous page's toasts with it.
  useEffect(() => dismissStaleToasts(), [pathname]);
  const token = useSyncExternalStore(session.subscribe, session.getToken);
  useEffect(() => {
    if (token === null && session.getEndReason() === 'expired')
      navigate('/login', { replace: true });
  }, [token, navigate]);
  return <Outlet />;
}
