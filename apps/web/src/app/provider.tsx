import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { theme } from './theme';

// The toast container (with its transitions) loads after the first paint; toasts raised
// before it mounts wait in the store and appear as soon as it does.
const NotificationsHost = lazy(async () => ({ default: (await import('./notifications-host')).NotificationsHost }));

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
