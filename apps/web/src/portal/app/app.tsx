import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/shared/app/provider';
import { AppRoutes } from './router';

/** `queryClient`: the entry's (main.tsx), which may already be loading the first page's data. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
