import type { StaffDeviceRow } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import {
  type DeviceListQuery,
  customerFilter,
  deviceFilterOf,
  emptyList,
  keysetAnswer,
  pageOf,
  timeKey,
} from '../shared/lists-service.ts';
import * as repo from './repository.ts';

const toDeviceRow = (r: repo.DeviceRow): StaffDeviceRow => ({
  _id: r.id,
  deviceName: r.deviceName,
  serialNumber: r.serialNumber,
  appName: r.appName,
  appVersionCode: r.appVersionCode,
  userId: { _id: r.customerId, email: r.email },
  created_at: r.createdAt.toISOString(),
});

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
