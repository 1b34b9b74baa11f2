import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { canUseArea, type StaffArea, type StaffRole } from '@fleetdeck/contract/staff';
import { PageLoader } from '@/shared/components/page-loader';
import { appConfigQueryOptions } from '@/shared/lib/app-config';
import { setSessionEndedHandler } from '@/shared/lib/api-client';
import { getStaffRole, getStaffToken } from '@/shared/lib/auth-storage';
import { lazyNamed, RoutePage } from '@/shared/lib/route-table';
import { NoAccessPage } from '../components/no-access-page';
import { StaffAuthLayout } from '../components/staff-auth-layout';
import { staffPaths } from './paths';
import { backOfficeRoutes, homeOf } from './routes';

/** Every admin page needs the staff token; without it, the staff login (spec 3 §2). */
function RequireStaff() {
  if (!getStaffToken()) return <Navigate to={staffPaths.login.getHref()} replace />;
  return <Outlet />;
}

/** The sign-in pages send a signed-in staff member on: the dashboard for SuperAdmin (spec 3 §2), else their home. */
function StaffGuestOnly() {
  // Checked again on every navigation: the code page signs in, then goes to the login address, and lands here.
  useLocation();
  if (getStaffToken()) return <Navigate to={homeOf(getStaffRole() as StaffRole | null)} replace />;
  return <Outlet />;
}

/** A page of an area the stored role does not open: a clear page instead of a screen of 403 toasts. */
function AreaGuard({ area, children }: { area: StaffArea; children: React.ReactNode }) {
  if (!canUseArea(getStaffRole() as StaffRole | null, area)) return <NoAccessPage />;
  return children;
}

/** `is_logout: 1` from any call: the token is gone; go to the staff login inside the SPA (spec 3 §8). */
function SessionEndedRedirect() {
  const navigate = useNavigate();
  useEffect(
    () => setSessionEndedHandler(() => void navigate(staffPaths.login.getHref(), { replace: true })),
    [navigate],
  );
  return null;
}

// The signed-in shell (sidebar, menus) loads with the first signed-in page, not with the login page.
const BackOfficeLayout = lazyNamed(() => import('@/back-office/components/back-office-layout'), 'BackOfficeLayout');

const guest = backOfficeRoutes.filter((r) => r.area === 'guest');
const signedIn = backOfficeRoutes.filter((r) => r.area !== 'guest' && r.area !== 'public');
const notFound = backOfficeRoutes.find((r) => r.key === 'notFound')!;

/**
 * A first visit straight to a signed-in page the stored role opens (main.tsx, before the first render): the frame's
 * chunk, the page's chunk, the page's own data where the route table says how (`prefetch`) and the frame's data (who
 * is signed in, the product's name) start loading at once, beside the entry, instead of frame, then page, then data,
 * one after the other (on a phone's network each is a round trip).
 */
export function preloadStaffPage(pathname: string, search: string, queryClient: QueryClient) {
  if (!getStaffToken()) return;
  const route = signedIn.find((r) => r.path === pathname);
  if (!route || !canUseArea(getStaffRole() as StaffRole | null, route.area as StaffArea)) return;
  void BackOfficeLayout.load();
  void route.page.load();
  route.prefetch?.(queryClient, new URLSearchParams(search));
  void import('@/back-office/api/staff-session').then((m) => queryClient.prefetchQuery(m.staffDetailQueryOptions()));
  void queryClient.prefetchQuery(appConfigQueryOptions());
}

export function BackOfficeRoutes() {
  return (
    <>
      <SessionEndedRedirect />
      <Routes>
        <Route path="/super-admin" element={<Navigate to={staffPaths.login.getHref()} replace />} />
        <Route element={<StaffAuthLayout />}>
          <Route element={<StaffGuestOnly />}>
            {guest.map((r) => (
              <Route key={r.key} path={r.path} element={<RoutePage route={r} />} />
            ))}
          </Route>
          <Route path={notFound.path} element={<RoutePage route={notFound} />} />
        </Route>
        <Route element={<RequireStaff />}>
          <Route
            element={
              <Suspense fallback={<PageLoader />}>
                <BackOfficeLayout />
              </Suspense>
            }
          >
            {signedIn.map((r) => (
              <Route
                key={r.key}
                path={r.path}
                element={
                  <AreaGuard area={r.area as StaffArea}>
                    <RoutePage route={r} />
                  </AreaGuard>
                }
              />
            ))}
          </Route>
        </Route>
      </Routes>
    </>
  );
}
