import type { DbOrTx } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';

/** SQL of the audit trail's writes (reads: modules/activity, the staff audit pages). */
export async function insertAuditEntry(tx: DbOrTx, values: typeof auditEntries.$inferInsert) {
  await tx.insert(auditEntries).values(values);
}
