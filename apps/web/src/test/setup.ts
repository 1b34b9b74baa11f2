import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages are lazy routes: the first findBy… of a file waits for their modules to load, which takes more than the
// default second on a busy 2-core CI machine (6.5 s seen for the first page of a file while the API tests ran
// beside it). A missing element still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// Mantine needs these browser APIs, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverShim {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverShim;
Element.prototype.scrollIntoView = () => undefined;
window.HTMLElement.prototype.scrollTo = () => undefined;

afterEach(() => {
  // Toasts live in a module-level store: start every test without leftovers.
  act(() => {
    notifications.clean();
  });
  cleanup();
  window.localStorage.clear();
  // Test files share a worker's window (web project: isolate false), so nothing a file saved may reach the next.
  window.sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
