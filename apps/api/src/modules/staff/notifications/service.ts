import { LIST_COUNT_CAP } from '@fleetdeck/contract';
import {
  NOTIFICATION_DEFAULT_EXPIRY_DAYS,
  type Notification,
  type NotificationDelivery,
  type NotificationDeviceRow,
  type NotificationPreview,
  type NotificationTarget,
} from '@fleetdeck/contract/staff';
import { type AppContext, inTransaction } from '../../../context.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { cappedTotal, decodeCursor, encodeCursor, offsetOfPage } from '../../activity/keyset.ts';
import { FANOUT_JOB_OPTIONS, NOTIFICATION_FANOUT_QUEUE } from '../../policy/fan-out.ts';
import {
  type DeviceListQuery,
  type Paging,
  customerFilter,
  deviceFilterOf,
  emptyList,
  iso,
  keysetAnswer,
  pageOf,
  timeKey,
} from '../shared/lists-service.ts';
import * as repo from './repository.ts';

export async function notificationDevices(
  ctx: AppContext,
  q: DeviceListQuery & { customers?: string[] | undefined; fcmToken?: boolean | undefined },
) {
  const owner = await customerFilter(ctx, q.email);
  if (owner.none) return emptyList(q);
  const after = timeKey(q);
  const f: repo.DeviceFilter = {
    ...deviceFilterOf(q, owner.customerId),
    customerIds: q.customers,
    withFcmToken: q.fcmToken,
  };
  const [rows, counted] = await Promise.all([
    repo.listDevices(ctx.db, f, { ...pageOf(q, after), ...(after ? { after } : {}) }),
    repo.countDevices(ctx.db, f),
  ]);
  return keysetAnswer(
    q,
    rows,
    counted,
    (r): NotificationDeviceRow => ({
      _id: r.id,
      deviceName: r.deviceName,
      serialNumber: r.serialNumber,
      appName: r.appName,
      userId: { _id: r.customerId, email: r.email },
      fcmToken: r.hasFcmToken,
      created_at: r.createdAt.toISOString(),
    }),
    (r) => [r.createdAtMicros, r.id],
  );
}

export async function customerSearch(ctx: AppContext, email: string) {
  const c = await repo.customerIdByEmail(ctx.db, email);
  if (!c) throw notFound('No customer has this email.');
  return { _id: c.id, email: c.email, name: c.name, totalDevices: await repo.countCustomerDevices(ctx.db, c.id) };
}

// ---------------------------------------------------------------------------------------------- notifications

function toNotification(n: repo.NotificationWithCounts, createdBy: string | null): Notification {
  const total = n.fanOutCompletedAt ? n.fannedOut : Math.max(n.totalDevices, n.fannedOut);
  return {
    _id: n.id,
    title: n.title,
    message: n.message,
    target: n.target,
    totalDevices: total,
    fannedOut: n.fannedOut,
    fanOutComplete: n.fanOutCompletedAt !== null,
    deliveredNotificationCount: n.deliveredCount,
    undeliveredNotificationCount: Math.max(0, total - n.deliveredCount),
    openedNotificationCount: n.openedCount,
    expiresAt: n.expiresAt.toISOString(),
    created_by: createdBy,
    created_at: n.createdAt.toISOString(),
  };
}

/** The target of a notification request: chosen devices and/or customers; neither: every enrolled device. */
function targetOf(body: { devices: string[]; customers: string[]; fcmToken: boolean }): repo.NotificationTarget {
  const deviceIds = [...new Set(body.devices)];
  const customerIds = [...new Set(body.customers)];
  const target: NotificationTarget =
    deviceIds.length === 0 && customerIds.length === 0 ? 'all' : deviceIds.length > 0 ? 'devices' : 'customers';
  return { target, deviceIds, customerIds, onlyWithFcmToken: body.fcmToken };
}

/**
 * `notification/preview` (DECISIONS §14): the devices and customers a notification would reach, for the
 * confirmation. Cheap at millions of devices: every device from the seat summaries (an estimate), otherwise an exact
 * count that stops at LIST_COUNT_CAP devices.
 */
export async function preview(
  ctx: AppContext,
  body: { devices: string[]; customers: string[]; fcmToken: boolean },
  cap = LIST_COUNT_CAP,
): Promise<NotificationPreview> {
  const t = targetOf(body);
  if (t.target === 'all' && !t.onlyWithFcmToken) {
    return { ...(await repo.enrolledFromSeatSummaries(ctx.db)), precision: 'estimate' };
  }
  const counted = await repo.countTargetCapped(ctx.db, t, cap);
  return counted.devices > cap
    ? { devices: cap, customers: counted.customers, precision: 'atLeast' }
    : { ...counted, precision: 'exact' };
}

/**
 * `notification/send`: stores the notification once with its target (chosen devices and/or chosen customers'
 * devices; none chosen: every enrolled device) and queues its fan-out. Unknown ids answer 404 before anything is
 * stored; a target without any enrolled device answers 400.
 */
export async function send(
  ctx: AppContext,
  actor: StaffActor,
  body: { title: string; message: string; devices: string[]; customers: string[]; fcmToken: boolean },
) {
  const t = targetOf(body);
  const { target, deviceIds, customerIds } = t;
  for (const [table, ids, what] of [
    ['devices', deviceIds, 'Device'],
    ['customers', customerIds, 'Customer'],
  ] as const) {
    const found = await repo.existingIds(ctx.db, table, ids);
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length > 0) throw notFound(`${what} not found: ${unknown.slice(0, 5).join(', ')}`);
  }
  const totalDevices = await repo.countTargetDevices(ctx.db, t);
  if (totalDevices === 0) {
    throw badRequest('E_VALIDATION', 'No enrolled device matches this notification.', {
      errors: [{ field: 'devices', message: 'no enrolled device matches' }],
    });
  }
  const row = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const n = await repo.insertNotification(tx, {
      title: body.title,
      message: body.message,
      target,
      targetDeviceIds: deviceIds,
      targetCustomerIds: customerIds,
      onlyWithFcmToken: body.fcmToken,
      totalDevices,
      expiresAt: new Date(Date.now() + NOTIFICATION_DEFAULT_EXPIRY_DAYS * 24 * 60 * 60 * 1000),
      createdBy: actor.id,
    });
    afterCommit(() => ctx.queue.send(NOTIFICATION_FANOUT_QUEUE, { notificationId: n.id }, FANOUT_JOB_OPTIONS));
    return n;
  });
  return toNotification({ ...row, deliveredCount: 0, openedCount: 0 }, await repo.staffEmailOf(ctx.db, actor.id));
}

export async function list(ctx: AppContext, q: Paging) {
  const after = timeKey(q);
  const [rows, counted] = await Promise.all([
    repo.listNotifications(ctx.db, { ...pageOf(q, after), ...(after ? { after } : {}) }),
    repo.countNotifications(ctx.db),
  ]);
  return keysetAnswer(
    q,
    rows,
    counted,
    (r) => toNotification({ ...r.n, deliveredCount: r.deliveredCount, openedCount: r.openedCount }, r.createdByEmail),
    (r) => [r.createdAtMicros, r.n.id],
  );
}

export async function detail(
  ctx: AppContext,
  q: Paging & { id: string; isDelivered?: boolean | undefined; isOpen?: boolean | undefined },
) {
  const n = await repo.findNotification(ctx.db, q.id);
  if (!n) throw notFound('Notification not found.');
  let afterId: string | undefined;
  if (q.cursor) {
    const [id] = decodeCursor(q.cursor, 'id', 'asc', 1);
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id))
      throw badRequest('E_VALIDATION', 'cursor: is not a cursor of this list');
    afterId = id;
  }
  const f: repo.DeliveryFilter = { notificationId: n.id, isDelivered: q.isDelivered, isOpen: q.isOpen };
  const [rows, counted, createdBy] = await Promise.all([
    repo.listDeliveries(ctx.db, f, {
      limit: q.limit,
      offset: afterId ? 0 : offsetOfPage(q.page, q.limit),
      ...(afterId ? { afterId } : {}),
    }),
    repo.countDeliveries(ctx.db, f),
    repo.staffEmailOf(ctx.db, n.createdBy),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const data: NotificationDelivery[] = page.map((r) => ({
    _id: r.id,
    deviceId:
      r.serialNumber === null
        ? null
        : { _id: r.deviceId, serialNumber: r.serialNumber, deviceName: r.deviceName ?? '' },
    isDelivered: r.deliveredAt !== null,
    deliveredDate: iso(r.deliveredAt),
    isOpen: r.openedAt !== null,
    openDate: iso(r.openedAt),
  }));
  return {
    data,
    notification: toNotification(n, createdBy),
    pagination: {
      page: q.page,
      limit: q.limit,
      ...cappedTotal(counted),
      nextCursor: rows.length > q.limit && last ? encodeCursor({ sort: 'id', order: 'asc', key: [last.id] }) : null,
    },
  };
}
