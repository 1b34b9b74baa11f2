import type { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach } from 'vitest';
import { AppProvider } from '@/shared/app/provider';
import { BackOfficeRoutes } from '@/back-office/app/router';
import { setApiSession } from '@/shared/lib/api-client';
import { customerSession, staffSession } from '@/shared/lib/auth-storage';
import { createQueryClient } from '@/shared/lib/query-client';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders the back office (its providers, routes and the staff token store) at `url`; with the given query client when
 * a test filled it first (a first visit's preload).
 */
export function renderBackOffice(url: string, options: { queryClient?: QueryClient } = {}) {
  setApiSession(staffSession);
  const queryClient = options.queryClient ?? createQueryClient();
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <BackOfficeRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, user, queryClient };
}

export const currentLocation = () => screen.getByTestId('location').textContent;

/**
 * Signs a staff member in for a back-office test (their token and role in storage) and answers `users/detail` for
 * them; spread into `mockApi` with the page's own routes.
 */
export function signedInStaff(role: 'SuperAdmin' | 'Admin' | 'Support' | 'Content' = 'SuperAdmin') {
  window.localStorage.setItem('super_admin_token', 'staff-token');
  window.localStorage.setItem('adminRole', role);
  return {
    'GET /api/v1/super-admin/users/detail': {
      body: {
        respones_msg: 'Staff detail',
        data: { _id: 'a1', email: 'root@fleetdeck.test', name: 'Root', role, areas: [] },
      },
    },
  };
}

/**
 * Signs a staff member of `role` in before each test of the file (token and role in storage) and, after each, clears
 * storage and gives the API client back to the customer session, so no test sees another's sign-in.
 */
export function staffSignedInForEachTest(role: 'SuperAdmin' | 'Admin' | 'Support' | 'Content' = 'SuperAdmin') {
  beforeEach(() => {
    window.localStorage.setItem('super_admin_token', 'staff-token');
    window.localStorage.setItem('adminRole', role);
  });
  afterEach(() => {
    setApiSession(customerSession);
    window.localStorage.clear();
  });
}
