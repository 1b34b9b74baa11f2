import { sql } from 'drizzle-orm';
import type { ActorKind } from '../../lib/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { boolArray, nullableUuidArray, textArray } from '../../db/arrays.ts';
import { auditEntries } from '../../db/schema.ts';

export interface AuditRow {
  customerId: string | null;
  email: string | null;
  type: string;
  subType: string;
  message: string;
  source: 'Web' | 'App';
  hasError: boolean;
  ip: string | null;
  actorKind: ActorKind | null;
  actorId: string | null;
}

/** SQL of the audit trail's writes (reads: modules/activity, the staff audit pages): any number of rows, one statement. */
export async function insertAuditEntries(tx: DbOrTx, rows: readonly AuditRow[]) {
  await tx.execute(sql`
    insert into ${auditEntries} (customer_id, email, type, sub_type, message, source, has_error, ip, actor_kind, actor_id)
    select * from unnest(${nullableUuidArray(rows.map((r) => r.customerId))}, ${textArray(rows.map((r) => r.email))},
                         ${textArray(rows.map((r) => r.type))}, ${textArray(rows.map((r) => r.subType))},
                         ${textArray(rows.map((r) => r.message))}, ${textArray(rows.map((r) => r.source))},
                         ${boolArray(rows.map((r) => r.hasError))}, ${textArray(rows.map((r) => r.ip))},
                         ${textArray(rows.map((r) => r.actorKind))}, ${nullableUuidArray(rows.map((r) => r.actorId))})`);
}
