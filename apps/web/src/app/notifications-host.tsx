import { Notifications } from '@mantine/notifications';
import { ERROR_TOAST_MS } from '@/config/constants';

/** The toast container; loaded after the first paint (see provider.tsx). */
export function NotificationsHost() {
  return <Notifications position="top-right" autoClose={ERROR_TOAST_MS} limit={4} zIndex={1000} />;
}
