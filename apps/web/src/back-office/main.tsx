import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../app/global.css';
import { setApiSession } from '@/lib/api-client';
import { staffSession } from '@/lib/auth-storage';
import { mountApp } from '@/lib/mount-app';
import { BackOfficeApp } from './app/app';

// The back office sends the staff token, never the customer's (DECISIONS §8).
setApiSession(staffSession);

mountApp(<BackOfficeApp />);
