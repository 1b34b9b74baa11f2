import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import { PAGED } from '../shared/lists-routes.ts';
import * as ops from './service.ts';
import { answer, answerList } from '../../../lib/area-routes.ts';

/** The back office's notifications page (spec 3; DECISIONS §8). */
export const staffNotificationsRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: devices and notifications'], (route) => {
    route(
      staffApi.notificationDevices,
      {
        summary: 'Devices to choose from for a notification',
        description:
          'Filters: `email` (owner), `from_date`/`to_date` (enrolment day), `customers` (customer ids, repeated or ' +
          `comma-separated), \`fcmToken=true\` (only devices with a push token). ${PAGED}`,
      },
      answerList('Devices', (req) => ops.notificationDevices(ctx, req.query)),
    );

    route(
      staffApi.notificationCustomerSearch,
      { summary: 'One customer by email (to send to their devices)', description: 'Unknown email: 404.' },
      answer('Customer found.', (req) => ops.customerSearch(ctx, req.query.email)),
    );

    route(
      staffApi.notificationPreview,
      {
        summary: 'How many devices and customers a notification would reach (the confirmation before sending)',
        description:
          'The same target as `notification/send`. Chosen devices or customers are counted exactly, up to 10,000 ' +
          'devices (`precision: atLeast` beyond). Every device (`devices` and `customers` empty) is read from the ' +
          "customers' seat summaries (`precision: estimate`), or counted up to 10,000 with `fcmToken: true`.",
      },
      answer('Notification preview', (req) => ops.preview(ctx, req.body)),
    );

    route(
      staffApi.notificationSend,
      {
        summary: 'Send a push notification to devices',
        description:
          'Stores the notification once with its target — `devices` and/or `customers` (their enrolled devices); ' +
          'neither: every enrolled device; `fcmToken: true` keeps only devices with a push token — and queues its ' +
          'fan-out: background jobs write one delivery row per device in batches (`fannedOut` of `totalDevices` on the ' +
          'list shows progress). Devices receive it through `GET /api/v1/device/events` (woken at once, and through ' +
          'FCM when configured) until it expires (7 days), and confirm delivered/opened. Unknown ids: 404; no enrolled ' +
          'device in the target: 400.',
      },
      answer('Notification queued for sending.', (req) => ops.send(ctx, staffActorOf(req), req.body)),
    );

    route(
      staffApi.notificationList,
      {
        summary: 'Notifications sent, newest first',
        description: `Counts (delivered, undelivered, opened) are kept on the notification as devices confirm. ${PAGED}`,
      },
      answerList('Notifications', (req) => ops.list(ctx, req.query)),
    );

    route(
      staffApi.notificationDetail,
      {
        summary: "A notification's deliveries, one row per device",
        description:
          '`isDelivered` and `isOpen` (true/false) filter the rows; `notification` carries the counters. Keyset on the ' +
          'row id (`nextCursor`). Unknown id: 404.',
      },
      answerList('Notification detail', (req) => ops.detail(ctx, req.query)),
    );
  });
