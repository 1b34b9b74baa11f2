import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { App } from './app/app';
import { preloadSignedIn } from './app/router';
import { mountApp } from './lib/mount-app';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
preloadSignedIn(window.location.pathname, window.location.search, queryClient);
mountApp(<App queryClient={queryClient} />);
