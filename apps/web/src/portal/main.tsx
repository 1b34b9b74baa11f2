import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@/shared/app/global.css';
import { App } from './app/app';
import { preloadSignedIn } from './app/router';
import { paths } from './config/paths';
import { setPaymentRequiredHandler } from '@/shared/lib/api-client';
import { mountApp } from '@/shared/lib/mount-app';
import { browser } from '@/shared/lib/navigation';
import { createQueryClient } from '@/shared/lib/query-client';

// Before the router mounts (first-visit preloads), a payment-required answer loads the plans page.
setPaymentRequiredHandler((href) => browser.assign(href ?? paths.portal.plans.getHref()));
const queryClient = createQueryClient();
preloadSignedIn(window.location.pathname, window.location.search, queryClient);
mountApp(<App queryClient={queryClient} />);
