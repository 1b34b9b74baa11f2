import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { AuthLayout } from '@/portal/components/layouts/auth-layout';
import { PageLoader } from '@/shared/components/page-loader';
import { GuestOnly, RequireAuth } from '@/portal/components/route-guards';
import { paths, type PortalRouteKey, type SiteRouteKey } from '@/portal/config/paths';
import { setPaymentRequiredHandler, setSessionEndedHandler } from '@/shared/lib/api-client';
import { hasToken } from '@/shared/lib/auth-storage';
import { lazyNamed, RoutePage, type RouteEntry } from '@/shared/lib/route-table';
import { guestRoutes } from './guest-routes';

// The signed-in side is loaded once a signed-in page is shown: its layout, and its route table (`portal-routes.tsx`).
const PortalLayout = lazyNamed(() => import('@/portal/components/layouts/portal-layout'), 'PortalLayout');
const PortalPage = lazyNamed<'PortalPage', { routeKey: PortalRouteKey }>(() => import('./portal-routes'), 'PortalPage');
// The public website (DECISIONS §9): its frame and route table load with its first page.
const SiteLayout = lazyNamed(() => import('@/portal/features/site/components/site-layout'), 'SiteLayout');
const SitePage = lazyNamed(() => import('./site-routes'), 'SitePage');

/**
 * A first visit straight to a signed-in page (main.tsx, before the first render): the layout's chunk, the route table
 * and through it the page's chunk and the frame's data start loading at once rather than one after the other.
 */
export function preloadSignedIn(pathname: string, search: string, queryClient: QueryClient) {
  if (!hasToken()) return;
  const key = (Object.keys(paths.portal) as PortalRouteKey[]).find((k) => paths.portal[k].path === pathname);
  if (!key) return;
  void PortalLayout.load();
  void import('./portal-routes').then(({ preloadPortalPage }) =>
    preloadPortalPage(key, queryClient, new URLSearchParams(search)),
  );
}

/**
 * The navigations the API asks for, inside the SPA: to Login when the server ends the session (`is_logout: 1`), to
 * a payment page when a call answers `redirectToPaymentPage: 1` (the query client's error hooks pick the page).
 */
function ApiRedirects() {
  const navigate = useNavigate();
  useEffect(() => {
    const restoreSession = setSessionEndedHandler(() => {
      void navigate(paths.auth.login.getHref(), { replace: true });
    });
    const restorePayment = setPaymentRequiredHandler((href) => {
      void navigate(href ?? paths.portal.plans.getHref());
    });
    return () => {
      restorePayment();
      restoreSession();
    };
  }, [navigate]);
  return null;
}

const routeOf = (route: RouteEntry) => (
  <Route key={route.key} path={route.path} element={<RoutePage route={route} />} />
);

/**
 * The router, generated from the route tables: guest pages from `guestRoutes` (the `site` ones, /pricing, in the
 * public site's frame), signed-in ones from `paths.portal`.
 */
export function AppRoutes() {
  return (
    <>
      <ApiRedirects />
      <Routes>
        <Route index element={<Navigate to={paths.auth.login.getHref()} replace />} />

        <Route element={<AuthLayout />}>
          <Route element={<GuestOnly />}>{guestRoutes.filter((r) => r.area === 'guest').map(routeOf)}</Route>
          {guestRoutes.filter((r) => r.area === undefined).map(routeOf)}
        </Route>

        <Route
          element={
            <Suspense fallback={<PageLoader />}>
              <SiteLayout />
            </Suspense>
          }
        >
          {(Object.keys(paths.site) as SiteRouteKey[]).map((key) => (
            <Route key={key} path={paths.site[key].path} element={<SitePage routeKey={key} />} />
          ))}
          {guestRoutes.filter((r) => r.area === 'site').map(routeOf)}
        </Route>

        <Route element={<RequireAuth />}>
          <Route element={<PortalLayout />}>
            {(Object.keys(paths.portal) as PortalRouteKey[]).map((key) => (
              <Route key={key} path={paths.portal[key].path} element={<PortalPage routeKey={key} />} />
            ))}
          </Route>
        </Route>
      </Routes>
    </>
  );
}
