import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { BackOfficeRoutes } from './router';

export function BackOfficeApp() {
  return (
    <AppProvider>
      <BrowserRouter>
        <BackOfficeRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
