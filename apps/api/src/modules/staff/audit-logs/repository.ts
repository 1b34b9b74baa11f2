import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countCapped } from '../../../db/paging.ts';
import { customers, deletedDeviceResets } from '../../../db/schema.ts';
import { type TimePage, beforeKey } from '../shared/lists-repository.ts';

export { type TimeKey, customerIdByEmail } from '../shared/lists-repository.ts';

// ------------------------------------------------------------------------------------------ deleted-devices audit

/**
 * Customers with their error count, device logouts since the last Reset, and the Reset's count and date. Keyset on
 * (created_at, id) of customers; the counts read the audit indexes of one customer each (`audit_customer_error_*`,
 * `audit_customer_type_idx`).
 */
export async function listAuditRows(db: DbOrTx, f: { customerId?: string | undefined }, page: TimePage) {
  const where = and(
    f.customerId ? eq(customers.id, f.customerId) : undefined,
    beforeKey(customers.createdAt, customers.id, page.after),
  );
  const result = await db.execute<{
    id: string;
    email: string;
    created_at_micros: string;
    error_count: number;
    deleted_devices: number;
    reset_count: number | null;
    reset_at: Date | string | null;
  }>(sql`
    select customers.id, customers.email,
      to_char(customers.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_micros,
      (select count(*)::int from audit_entries a where a.customer_id = customers.id and a.has_error) as error_count,
      (select count(*)::int from audit_entries a
        where a.customer_id = customers.id and a.type = 'Device' and a.sub_type = 'Logout'
          and a.created_at > coalesce(r.reset_at, '-infinity'::timestamptz)) as deleted_devices,
      r.reset_count, r.reset_at
    from customers
    left join deleted_device_resets r on r.customer_id = customers.id
    where ${where ?? sql`true`}
    order by customers.created_at desc, customers.id desc
    limit ${page.limit + 1} offset ${page.after ? 0 : page.offset}`);
  return result.rows;
}

export type AuditRow = Awaited<ReturnType<typeof listAuditRows>>[number];

export const countCustomers = (db: DbOrTx, customerId: string | undefined) =>
  countCapped(db, customers, customerId ? eq(customers.id, customerId) : undefined);

/** Answers the customer's reset count after this one. */
export async function resetDeletedDevices(db: DbOrTx, customerId: string) {
  const [row] = await db
    .insert(deletedDeviceResets)
    .values({ customerId, resetCount: 1, resetAt: sql`now()` })
    .onConflictDoUpdate({
      target: deletedDeviceResets.customerId,
      set: { resetCount: sql`${deletedDeviceResets.resetCount} + 1`, resetAt: sql`now()` },
    })
    .returning({ resetCount: deletedDeviceResets.resetCount });
  return row!.resetCount;
}
