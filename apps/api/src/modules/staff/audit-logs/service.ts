import type { StaffAuditRow } from '@fleetdeck/contract/staff';
import { type AppContext, inTransaction } from '../../../context.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { notFound } from '../../../lib/errors.ts';
import { writeAudit } from '../../audit/service.ts';
import { type Paging, customerFilter, emptyList, iso, keysetAnswer, pageOf, timeKey } from '../shared/lists-service.ts';
import * as repo from './repository.ts';

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
