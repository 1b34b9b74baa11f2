import { LIST_COUNT_CAP } from '@fleetdeck/contract';
import {
  NOTIFICATION_DEFAULT_EXPIRY_DAYS,
  type BloatwareApp,
  type CustomerExportRow,
  type Notification,
  type NotificationDelivery,
  type NotificationDeviceRow,
  type NotificationPreview,
  type NotificationTarget,
  type PowerChatUserRow,
  type StaffAuditRow,
  type StaffDeviceRow,
} from '@fleetdeck/contract/staff';
import { inTransaction, type AppContext } from '../../../context.ts';
import type { bloatwareApps } from '../../../db/schema.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { writeAudit } from '../../audit/service.ts';
import { cappedTotal, cursorTimestamp, decodeCursor, encodeCursor, offsetOfPage } from '../../activity/keyset.ts';
import * as repo from './repository.ts';
import { FANOUT_JOB_OPTIONS, NOTIFICATION_FANOUT_QUEUE } from '../../policy/fan-out.ts';

export { fanOut, FANOUT_BATCH, FANOUT_JOB_OPTIONS, NOTIFICATION_FANOUT_QUEUE } from '../../policy/fan-out.ts';

/** The back office's device-side pages (spec 3; DECISIONS §8). */

interface Paging {
  page: number;
  limit: number;
  cursor?: string | undefined;
}

const SORT = 'created_at';

/** The (created_at, uuid) key of a cursor, or undefined without one. */
function timeKey(p: Paging): repo.TimeKey | undefined {
  if (!p.cursor) return undefined;
  const [createdAt, id] = decodeCursor(p.cursor, SORT, 'desc', 2);
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError(
      400,
      'E_VALIDATION',
      'cursor: is not a cursor of this list (use nextCursor of the previous page)',
      {
        errors: [{ field: 'cursor', message: 'is not a cursor of this list' }],
      },
    );
  }
  return { createdAt: cursorTimestamp(createdAt), id };
}

const pageOf = (p: Paging, after: unknown) => ({ limit: p.limit, offset: after ? 0 : offsetOfPage(p.page, p.limit) });

/** The answer of a keyset list: the page's rows and its pagination. */
function keysetAnswer<Row, Out>(
  p: Paging,
  rows: Row[],
  counted: number,
  map: (r: Row) => Out,
  keyOf: (r: Row) => (string | number)[],
) {
  const page = rows.slice(0, p.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(map),
    pagination: {
      page: p.page,
      limit: p.limit,
      ...cappedTotal(counted),
      nextCursor: rows.length > p.limit && last ? encodeCursor({ sort: SORT, order: 'desc', key: keyOf(last) }) : null,
    },
  };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** An email filter: the customer's id, or null when no customer has it (the list is then empty). */
async function customerFilter(ctx: AppContext, email: string | undefined) {
  if (email === undefined) return { customerId: undefined, none: false };
  const c = await repo.customerIdByEmail(ctx.db, email);
  return c ? { customerId: c.id, none: false } : { customerId: undefined, none: true };
}

const emptyList = (p: Paging) => ({
  data: [],
  pagination: { page: p.page, limit: p.limit, total: 0, totalCapped: false, nextCursor: null },
});

// ---------------------------------------------------------------------------------------------------- devices

export interface DeviceListQuery extends Paging {
  from_date?: string | undefined;
  to_date?: string | undefined;
  email?: string | undefined;
}

const toDeviceRow = (r: repo.DeviceRow): StaffDeviceRow => ({
  _id: r.id,
  deviceName: r.deviceName,
  serialNumber: r.serialNumber,
  appName: r.appName,
  appVersionCode: r.appVersionCode,
  userId: { _id: r.customerId, email: r.email },
  created_at: r.createdAt.toISOString(),
});

function deviceFilterOf(q: DeviceListQuery, customerId: string | undefined): repo.DeviceFilter {
  return { from: q.from_date, to: q.to_date, customerId };
}

export async function deviceList(ctx: AppContext, q: DeviceListQuery) {
  const owner = await customerFilter(ctx, q.email);
  if (owner.none) return emptyList(q);
  const after = timeKey(q);
  const f = deviceFilterOf(q, owner.customerId);
  const [rows, counted] = await Promise.all([
    repo.listDevices(ctx.db, f, { ...pageOf(q, after), ...(after ? { after } : {}) }),
    repo.countDevices(ctx.db, f),
  ]);
  return keysetAnswer(q, rows, counted, toDeviceRow, (r) => [r.createdAtMicros, r.id]);
}

/** Every device of the filters, newest first, read in keyset batches (the CSV export). */
export async function* deviceExportRows(ctx: AppContext, q: DeviceListQuery): AsyncGenerator<StaffDeviceRow> {
  const owner = await customerFilter(ctx, q.email);
  if (owner.none) return;
  const f = deviceFilterOf(q, owner.customerId);
  let after: repo.TimeKey | undefined;
  for (;;) {
    const rows = await repo.listDevices(ctx.db, f, { limit: 999, offset: 0, ...(after ? { after } : {}) });
    for (const r of rows) yield toDeviceRow(r);
    if (rows.length < 1000) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAtMicros, id: last.id };
  }
}

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

// ------------------------------------------------------------------------------------------ deleted-devices audit

const toAuditRow = (r: repo.AuditRow): StaffAuditRow => ({
  _id: r.id,
  email: r.email,
  errorCount: Number(r.error_count),
  deletedDevices: Number(r.deleted_devices),
  deletedDeviceResetCount: Number(r.reset_count ?? 0),
  deletedDeviceResetDate: iso(r.reset_at),
});

export async function auditList(ctx: AppContext, q: Paging & { email?: string | undefined }) {
  const owner = await customerFilter(ctx, q.email);
  if (owner.none) return emptyList(q);
  const after = timeKey(q);
  const [rows, counted] = await Promise.all([
    repo.listAuditRows(ctx.db, { customerId: owner.customerId }, { ...pageOf(q, after), ...(after ? { after } : {}) }),
    repo.countCustomers(ctx.db, owner.customerId),
  ]);
  return keysetAnswer(q, rows, counted, toAuditRow, (r) => [r.created_at_micros, r.id]);
}

export async function* auditExportRows(ctx: AppContext, q: { email?: string | undefined }) {
  const owner = await customerFilter(ctx, q.email);
  if (owner.none) return;
  let after: repo.TimeKey | undefined;
  for (;;) {
    const rows = await repo.listAuditRows(
      ctx.db,
      { customerId: owner.customerId },
      { limit: 499, offset: 0, ...(after ? { after } : {}) },
    );
    for (const r of rows) yield toAuditRow(r);
    if (rows.length < 500) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at_micros, id: last.id };
  }
}

/** DECISIONS §8: Reset sets the date to now and adds one to the count; the deleted-devices count starts again. */
export async function resetDeletedDevices(ctx: AppContext, actor: StaffActor, email: string): Promise<StaffAuditRow> {
  const c = await repo.customerIdByEmail(ctx.db, email);
  if (!c) throw notFound('No customer has this email.');
  await inTransaction(ctx.db, async (tx) => {
    const resets = await repo.resetDeletedDevices(tx, c.id);
    await writeAudit(tx, {
      customerId: null,
      email: c.email,
      type: 'Staff Account',
      subType: 'Deleted Devices Reset',
      message: `Deleted-devices count of ${c.email} reset (reset ${resets})`,
      actor,
    });
  });
  const [row] = await repo.listAuditRows(ctx.db, { customerId: c.id }, { limit: 1, offset: 0 });
  return toAuditRow(row!);
}

// ---------------------------------------------------------------------------------------------- Power Chat users

export async function powerChatUsers(
  ctx: AppContext,
  q: Paging & { from_date?: string | undefined; to_date?: string | undefined; company?: string | undefined },
) {
  const after = timeKey(q);
  const f = { from: q.from_date, to: q.to_date, company: q.company };
  const [rows, counted] = await Promise.all([
    repo.listChatUsers(ctx.db, f, { ...pageOf(q, after), ...(after ? { after } : {}) }),
    repo.countChatUsers(ctx.db, f),
  ]);
  return keysetAnswer(
    q,
    rows,
    counted,
    (r): PowerChatUserRow => ({
      _id: r.id,
      fcmID: r.userId,
      fcmData: { name: r.name, company: r.customerName || r.email },
      userId: { _id: r.customerId, email: r.email },
      created_at: r.createdAt.toISOString(),
    }),
    (r) => [r.createdAtMicros, r.id],
  );
}

// --------------------------------------------------------------------------------------------- bloatware catalogue

const toBloatware = (a: typeof bloatwareApps.$inferSelect): BloatwareApp => ({
  packageName: a.packageName,
  isBloatware: a.isBloatware,
  reason: a.reason,
  created_by: a.createdBy,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

function bloatwareKey(p: Paging): repo.BloatwareKey | undefined {
  if (!p.cursor) return undefined;
  const [createdAt, packageName] = decodeCursor(p.cursor, SORT, 'desc', 2);
  if (typeof packageName !== 'string') throw badRequest('E_VALIDATION', 'cursor: is not a cursor of this list');
  return { createdAt: cursorTimestamp(createdAt), packageName };
}

export async function bloatwareList(ctx: AppContext, q: Paging & { isBloatware?: boolean | undefined }) {
  const after = bloatwareKey(q);
  const [rows, counted] = await Promise.all([
    repo.listBloatware(ctx.db, q.isBloatware, { ...pageOf(q, after), after }),
    repo.countBloatware(ctx.db, q.isBloatware),
  ]);
  return keysetAnswer(
    q,
    rows,
    counted,
    (r) => toBloatware(r.app),
    (r) => [r.createdAtMicros, r.app.packageName],
  );
}

export async function* bloatwareExportRows(ctx: AppContext, isBloatware: boolean | undefined) {
  let after: repo.BloatwareKey | undefined;
  for (;;) {
    const rows = await repo.listBloatware(ctx.db, isBloatware, { limit: 999, offset: 0, after });
    for (const r of rows) yield toBloatware(r.app);
    if (rows.length < 1000) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAtMicros, packageName: last.app.packageName };
  }
}

export async function bloatwareUpdate(
  ctx: AppContext,
  actor: StaffActor,
  body: { packageName: string; isBloatware: boolean; reason: string },
) {
  const row = await inTransaction(ctx.db, async (tx) => {
    const updated = await repo.updateBloatware(tx, { ...body, staffId: actor.id });
    if (!updated) throw notFound('This package is not in the catalogue.');
    await writeAudit(tx, {
      customerId: null,
      email: null,
      type: 'Staff Account',
      subType: 'Bloatware Updated',
      message:
        `Bloatware catalogue: ${updated.packageName} marked ${updated.isBloatware ? 'Yes' : 'No'}` +
        (updated.reason ? ` (${updated.reason})` : ''),
      actor,
    });
    return updated;
  });
  return toBloatware(row);
}

// ------------------------------------------------------------------------------------------------ customer exports

export async function exportsList(ctx: AppContext, q: Paging) {
  const after = timeKey(q);
  const [rows, counted] = await Promise.all([
    repo.listExports(ctx.db, { ...pageOf(q, after), ...(after ? { after } : {}) }),
    repo.countExports(ctx.db),
  ]);
  return keysetAnswer(
    q,
    rows,
    counted,
    (r): CustomerExportRow => ({
      _id: r.id,
      exportName: r.exportName,
      serialNumber: r.serialNumber,
      disabledApplications: Number(r.disabledCount),
      userId: { _id: r.customerId, email: r.email },
      created_at: r.createdAt.toISOString(),
    }),
    (r) => [r.createdAtMicros, r.id],
  );
}
