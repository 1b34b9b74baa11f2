import { lazy, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { GuestOnly, RequireAuth } from '@/components/route-guards';
import { paths, type PortalRouteKey } from '@/config/paths';
import { setSessionEndedHandler } from '@/lib/api-client';

/** `React.lazy` for a named export, so every page is its own chunk. */
function lazyNamed<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LoginPage = lazyNamed(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('@/features/auth/pages/register-page'), 'RegisterPage');
const VerifyOtpPage = lazyNamed(() => import('@/features/auth/pages/verify-otp-page'), 'VerifyOtpPage');
const ForgetPasswordPage = lazyNamed(() => import('@/features/auth/pages/forget-password-page'), 'ForgetPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('@/features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const LockPage = lazyNamed(() => import('@/features/auth/pages/lock-page'), 'LockPage');
const PricingPage = lazyNamed(() => import('@/features/plans/pages/pricing-page'), 'PricingPage');
const SubscriptionPage = lazyNamed(() => import('@/features/plans/pages/subscription-page'), 'SubscriptionPage');
const NotFoundPage = lazyNamed(() => import('@/components/not-found-page'), 'NotFoundPage');

const PortalLayout = lazyNamed(() => import('@/components/layouts/portal-layout'), 'PortalLayout');
const PortalPage = lazyNamed(() => import('./portal-pages'), 'PortalPage');

/** When the server ends the session (`is_logout: 1`), go to Login inside the SPA. */
function SessionEndedRedirect() {
  const navigate = useNavigate();
  useEffect(
    () =>
      setSessionEndedHandler(() => {
        void navigate(paths.auth.login.getHref(), { replace: true });
      }),
    [navigate],
  );
  return null;
}

export function AppRoutes() {
  return (
    <>
      <SessionEndedRedirect />
      <Routes>
        <Route index element={<Navigate to={paths.auth.login.getHref()} replace />} />

        <Route element={<AuthLayout />}>
          <Route element={<GuestOnly />}>
            <Route path={paths.auth.login.path} element={<LoginPage />} />
            <Route path={paths.auth.register.path} element={<RegisterPage />} />
            <Route path={paths.auth.verifyOtp.path} element={<VerifyOtpPage />} />
            <Route path={paths.auth.forgetPassword.path} element={<ForgetPasswordPage />} />
            <Route path={paths.auth.resetPassword.path} element={<ResetPasswordPage />} />
          </Route>
          <Route path={paths.auth.lock.path} element={<LockPage />} />
          <Route path={paths.public.pricing.path} element={<PricingPage />} />
          <Route path={paths.public.subscription.path} element={<SubscriptionPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>

        <Route element={<RequireAuth />}>
          <Route element={<PortalLayout />}>
            {(Object.keys(paths.portal) as PortalRouteKey[]).map((key) => {
              return <Route key={key} path={paths.portal[key].path} element={<PortalPage routeKey={key} />} />;
            })}
          </Route>
        </Route>
      </Routes>
    </>
  );
}
