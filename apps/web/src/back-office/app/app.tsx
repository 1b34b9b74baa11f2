import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/shared/app/provider';
import { BackOfficeRoutes } from './router';

/** The back office; `main.tsx` passes the query client its first-visit preloads filled (router.tsx). */
export function BackOfficeApp({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <BackOfficeRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
