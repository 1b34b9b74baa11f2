import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Mounts an app's root over its page's static shell (index.html, admin.html: logo, title, a skeleton of the form),
 * which is painted first: the app's first render, a long task, starts only after the next frame
 * (requestAnimationFrame runs before it is painted, the timeout after). A hidden tab paints no frames: it mounts at once.
 * The first render is a transition: React renders it in slices of a few milliseconds and yields to the browser between
 * them (input, paint) instead of one long task, which is most of a phone's blocking time on a first visit; the shell
 * stays on screen until the tree commits.
 */
export function mountApp(app: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  const mount = () => {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(<StrictMode>{app}</StrictMode>));
  };
  if (document.visibilityState === 'visible' && typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => setTimeout(mount, 0));
  } else {
    mount();
  }
}
