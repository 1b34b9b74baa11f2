import type { BloatwareApp } from '@fleetdeck/contract/staff';
import { type AppContext, inTransaction } from '../../../context.ts';
import type { bloatwareApps } from '../../../db/schema.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { cursorTimestamp, decodeCursor } from '../../activity/keyset.ts';
import { writeAudit } from '../../audit/service.ts';
import { type Paging, SORT, keysetAnswer, pageOf } from '../shared/lists-service.ts';
import * as repo from './repository.ts';

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
