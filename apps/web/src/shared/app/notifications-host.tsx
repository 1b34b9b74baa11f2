import { Notifications } from '@mantine/notifications';
import { ERROR_TOAST_MS } from '@/shared/config/constants';
import { TOAST_LIMIT, TOAST_POSITION } from '@/shared/lib/notify';

/**
 * The toast container; mounted with the first toast (see provider.tsx). Bottom centre, narrow: the top bar's
 * buttons (Back, Download APK, Buy Plan, the account menu) and the pages' own actions (Apply, Save, Search) sit at
 * the top, so a toast there would cover them. At most three at once; route changes close the old ones (notify.tsx).
 */
export function NotificationsHost() {
  return (
    <Notifications
      position={TOAST_POSITION}
      autoClose={ERROR_TOAST_MS}
      limit={TOAST_LIMIT}
      zIndex={1000}
      containerWidth={420}
    />
  );
}
