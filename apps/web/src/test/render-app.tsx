import { render, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProvider } from '@/shared/app/provider';
import { AppRoutes } from '@/portal/app/router';
import { createQueryClient } from '@/shared/lib/query-client';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders the whole app (providers and routes) at `url`, with a probe showing the current location. */
export function renderApp(
  url: string,
  options: { userEvent?: Parameters<typeof userEvent.setup>[0]; queryClient?: QueryClient } = {},
) {
  // `queryClient`: one the test has filled already (main.tsx's first-visit prefetch, `preloadSignedIn`).
  const queryClient = options.queryClient ?? createQueryClient();
  const user = userEvent.setup({ delay: null, ...options.userEvent });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, user, queryClient };
}

export const currentLocation = () => screen.getByTestId('location').textContent;
