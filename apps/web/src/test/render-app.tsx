import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders the whole app (providers and routes) at `url`, with a probe showing the current location. */
export function renderApp(url: string, options: { userEvent?: Parameters<typeof userEvent.setup>[0] } = {}) {
  const queryClient = createQueryClient();
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
