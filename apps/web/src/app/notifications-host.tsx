import { Notifications } from '@mantine/notifications';
import { ERROR_TOAST_MS } from '@/config/constants';

/**
 * The toast container; loaded after the first paint (see provider.tsx). Bottom centre, narrow: the top bar's
 * buttons (Back, Download APK, Buy Plan, the account menu) and the pages' own actions (Apply, Save, Search) sit at
 * the top, so a toast there would cover them. At most three at once; route changes close the old ones (notify.tsx).
 */
export function NotificationsHost() {
  return (
    <Notifications position="bottom-center" autoClose={ERROR_TOAST_MS} limit={3} zIndex={1000} containerWidth={420} />
  );
}
