import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setApiSession } from '@/lib/api-client';
import { staffSession } from '@/lib/auth-storage';
import { BackOfficeApp } from './app/app';

// The back office sends the staff token, never the customer's (DECISIONS §8).
setApiSession(staffSession);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <BackOfficeApp />
  </StrictMode>,
);
