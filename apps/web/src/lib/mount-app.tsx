import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Mounts an app's root over its page's static shell (index.html, admin.html: logo, title, a skeleton of the form),
 * which is painted first: the app's first render, a long task, starts only after the next frame
 * (requestAnimationFrame runs before it is painted, the timeout after). A hidden tab paints no frames: it mounts at once.
 */
export function mountApp(app: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  const mount = () => createRoot(root).render(<StrictMode>{app}</StrictMode>);
  if (document.visibilityState === 'visible' && typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => setTimeout(mount, 0));
  } else {
    mount();
  }
}
