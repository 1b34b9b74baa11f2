import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure, prettyDOM } from '@testing-library/react';
import * as React from 'react';
import { afterEach, vi } from 'vitest';

// React's development build captures an Error (a stack) for every element it creates, to print "owner stacks" in its
// warnings: about a tenth of this project's CPU time (a profile of multi-currency.test.tsx). The counter below is how
// React itself stops after 10,000 elements per task; pinned high, it never starts. Warnings still print, with React's
// generic stack instead of the owner's.
const reactInternals = (React as unknown as Record<string, Record<string, unknown>>)[
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'
];
if (reactInternals)
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => 1e9, set: () => undefined });

// Pages are lazy routes: the first findBy… of a file waits for their modules to load, which takes more than the
// default second on a busy 2-core CI machine (6.5 s seen for the first page of a file while the API tests ran
// beside it). A missing element still fails, only later.
//
// A query that finds nothing builds its error with a print of the whole DOM, and findBy… retries it every 50 ms: a
// twentieth of the CPU time went to prints nobody reads. The print is made when the message is read (a test fails).
configure({
  asyncUtilTimeout: 10_000,
  getElementError: (message, container) => {
    const error = new Error();
    error.name = 'TestingLibraryElementError';
    let text: string | undefined;
    Object.defineProperty(error, 'message', {
      get: () => (text ??= [message, container ? prettyDOM(container) : ''].filter(Boolean).join('\n\n')),
      configurable: true,
    });
    return error;
  },
});

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

/**
 * The address vitest gives happy-dom's window (its default). A download link a test clicks (`<a href="blob:…"
 * download>`, the CSV exports) moves happy-dom's window to the blob's address, where a browser would save the file and
 * stay; every later file of the worker (they share the window) then resolved relative addresses against "blob:x", and
 * an `<img src="/api/v1/qr/…">` fired `error` (the Download APK modal's QR fell back to its message at random).
 */
const TEST_URL = 'http://localhost:3000/';
type HappyDomWindow = { happyDOM?: { setURL(url: string): void } };

afterEach(() => {
  if (window.location.protocol !== 'http:') (window as unknown as HappyDomWindow).happyDOM?.setURL(TEST_URL);
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
  // A test that faked the clocks (test/clock.ts) leaves the real ones to the next.
  vi.useRealTimers();
});
