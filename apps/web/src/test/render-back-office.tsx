import type { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProvider } from '@/app/provider';
import { BackOfficeRoutes } from '@/back-office/app/router';
import { setApiSession } from '@/lib/api-client';
import { staffSession } from '@/lib/auth-storage';
import { createQueryClient } from '@/lib/query-client';

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
