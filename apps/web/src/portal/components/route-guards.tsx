import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/portal/config/paths';
import { hasToken } from '@/shared/lib/auth-storage';

/** Portal routes need a stored customer token; without one, go to Login. */
export function RequireAuth() {
  if (!hasToken()) return <Navigate to={paths.auth.login.getHref()} replace />;
  return <Outlet />;
}

/**
 * Auth routes send a signed-in customer to the Dashboard, except a Login link that
 * carries an email-verification token (`iv` and `encryptedData`), which must still verify.
 */
export function GuestOnly() {
  const location = useLocation();
  if (hasToken()) {
    const params = new URLSearchParams(location.search);
    const verifying = location.pathname === paths.auth.login.path && params.has('iv') && params.has('encryptedData');
    if (!verifying) return <Navigate to={paths.portal.dashboard.getHref()} replace />;
  }
  return <Outlet />;
}
