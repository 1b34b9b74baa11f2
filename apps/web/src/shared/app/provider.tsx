import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/shared/lib/query-client';
import { theme } from './theme';

const loadNotificationsHost = () => import('./notifications-host');
const NotificationsHost = lazy(async () => ({ default: (await loadNotificationsHost()).NotificationsHost }));

/** How long after the app mounts the toast container's code is fetched ahead of a first toast (when idle). */
export const NOTIFICATIONS_HOST_PRELOAD_MS = 2000;

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * The toast container (with its transitions, about 15 KB) is not part of a page's first download: it mounts when the
 * first toast is raised (which waits in the store meanwhile and appears as soon as it does), and its code is fetched
 * ahead of that once the first page is up and the browser idle, so that a later first toast shows at once.
 */
function useNotificationsHost(): boolean {
  const [wanted, setWanted] = useState(hasToasts);
  useEffect(() => {
    if (wanted) return;
    const unsubscribe = notificationsStore.subscribe(() => {
      if (hasToasts()) setWanted(true);
    });
    let idle: number | undefined;
    const timer = setTimeout(() => {
      const preload = () => void loadNotificationsHost();
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(preload, { timeout: 2000 });
      else preload();
    }, NOTIFICATIONS_HOST_PRELOAD_MS);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [wanted]);
  return wanted;
}

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const notificationsHost = useNotificationsHost();
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {notificationsHost ? (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      ) : null}
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
