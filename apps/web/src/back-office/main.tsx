import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@/shared/app/global.css';
import { setApiSession } from '@/shared/lib/api-client';
import { staffSession } from '@/shared/lib/auth-storage';
import { mountApp } from '@/shared/lib/mount-app';
import { createQueryClient } from '@/shared/lib/query-client';
import { BackOfficeApp } from './app/app';
import { preloadStaffPage } from './app/router';

// The back office sends the staff token, never the customer's (DECISIONS §8).
setApiSession(staffSession);

const queryClient = createQueryClient();
preloadStaffPage(window.location.pathname, window.location.search, queryClient);
mountApp(<BackOfficeApp queryClient={queryClient} />);
