import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boolArray, nullableUuidArray, textArray } from '../../db/arrays.ts';
import { auditEntries } from '../../db/schema.ts';

/** The columns one audit write sets: those of the `audit_entries` table (id and created_at are the database's). */
type AuditColumns =
  | 'customerId'
  | 'email'
  | 'type'
  | 'subType'
  | 'message'
  | 'source'
  | 'hasError'
  | 'ip'
  | 'actorKind'
  | 'actorId'
  | 'deviceId'
  | 'groupId';
export type AuditRow = { [K in AuditColumns]-?: Exclude<(typeof auditEntries.$inferInsert)[K], undefined> };

/** SQL of the audit trail's writes (reads: modules/activity, the staff audit pages): any number of rows, one statement. */
export async function insertAuditEntries(tx: DbOrTx, rows: readonly AuditRow[]) {
  await tx.execute(sql`
    insert into ${auditEntries} (customer_id, email, type, sub_type, message, source, has_error, ip, actor_kind, actor_id,
                                 device_id, group_id)
    select * from unnest(${nullableUuidArray(rows.map((r) => r.customerId))}, ${textArray(rows.map((r) => r.email))},
                         ${textArray(rows.map((r) => r.type))}, ${textArray(rows.map((r) => r.subType))},
                         ${textArray(rows.map((r) => r.message))}, ${textArray(rows.map((r) => r.source))},
                         ${boolArray(rows.map((r) => r.hasError))}, ${textArray(rows.map((r) => r.ip))},
                         ${textArray(rows.map((r) => r.actorKind))}, ${nullableUuidArray(rows.map((r) => r.actorId))},
                         ${nullableUuidArray(rows.map((r) => r.deviceId))},
                         ${nullableUuidArray(rows.map((r) => r.groupId))})`);
}
