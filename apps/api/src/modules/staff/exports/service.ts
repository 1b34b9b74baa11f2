import type { CustomerExportRow } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { type Paging, keysetAnswer, pageOf, timeKey } from '../shared/lists-service.ts';
import * as repo from './repository.ts';

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
