import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const mount = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// index.html's static shell (logo, title, a skeleton of the form) is painted first: the app's first render, a long
// task, starts only after the next frame (requestAnimationFrame runs before it is painted, the timeout after), and
// then replaces the shell. A hidden tab paints no frames: it mounts at once.
if (document.visibilityState === 'visible' && typeof requestAnimationFrame === 'function') {
  requestAnimationFrame(() => setTimeout(mount, 0));
} else {
  mount();
}
