import { notifications, notificationsStore } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS } from '@/shared/config/constants';

/**
 * At most this many toasts at once (the others wait in a queue), top right (notifications-host.tsx): a column of
 * three at the bottom covered the checkout's Pay button (issue 24 item 9).
 */
export const TOAST_LIMIT = 2;
export const TOAST_POSITION = 'top-right' as const;

// The toast container mounts with the first toast (provider.tsx) and would set these then; the store places the toasts
// raised before it (a burst of failures) with them already.
notificationsStore.updateState((state) => ({ ...state, limit: TOAST_LIMIT, defaultPosition: TOAST_POSITION }));

/**
 * When each open toast appeared and what it says (by id): a route change closes the ones about an earlier page, and a
 * repeated message replaces the open toast saying the same thing.
 */
const openToasts = new Map<string, { at: number; message: string }>();

/**
 * A toast raised this long before the user's last press (key or pointer) ahead of a route change is about the page
 * left behind; a newer one led to the new page.
 */
const ROUTE_CHANGE_GRACE_MS = 1000;

/**
 * When the user last pressed a key or a pointer. A route change shows the new page once its lazy module has loaded
 * (React Router makes the navigation a transition), seconds after the click on a slow network, while the toast of
 * the action that navigated ("Device logged out", "buy more licences") came just before the navigation: the grace
 * counts from the press that started it, not from the moment the page shows.
 */
let lastPressAt = 0;
if (typeof window !== 'undefined') {
  const pressed = () => {
    lastPressAt = Date.now();
  };
  window.addEventListener('pointerdown', pressed, { capture: true, passive: true });
  window.addEventListener('keydown', pressed, { capture: true, passive: true });
}

const show = (color: 'green' | 'red', message: string, autoClose: number) => {
  // One toast per message: the older copy closes (a double click, a retried failure) and the new one shows.
  for (const [openId, open] of openToasts) {
    if (open.message === message) notifications.hide(openId);
  }
  const id = notifications.show({
    color,
    icon: color === 'green' ? <IconCheck size={18} /> : <IconX size={18} />,
    message,
    autoClose,
    onClose: () => openToasts.delete(id),
  });
  openToasts.set(id, { at: Date.now(), message });
};

export const notifySuccess = (message: string): void => show('green', message, SUCCESS_TOAST_MS);

export const notifyError = (message: string): void => show('red', message, ERROR_TOAST_MS);

/**
 * Toasts do not follow the user to another page: on a route change, the toasts raised before it close. One raised
 * just before the press that navigated, or after it (the message of the action that navigated, e.g. "log in again"),
 * stays, however long the new page took to show.
 */
export function useToastsClearedOnRouteChange(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // Before the first press (a redirect as the app opens), from now.
    const now = Date.now();
    const cutoff = Math.min(now, lastPressAt || now) - ROUTE_CHANGE_GRACE_MS;
    for (const [id, { at }] of openToasts) {
      if (at < cutoff) {
        notifications.hide(id);
        openToasts.delete(id);
      }
    }
  }, [pathname]);
}
