import { Notifications } from '@mantine/notifications';
import { ERROR_TOAST_MS } from '@/shared/config/constants';
import { TOAST_LIMIT, TOAST_POSITION } from '@/shared/lib/notify';

/**
 * The toast container; mounted with the first toast (see provider.tsx). Top right, narrow, at most two at once and
 * one per message: a stack at the bottom covered the checkout's Pay button. Route changes close the old ones
 * (notify.tsx).
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
