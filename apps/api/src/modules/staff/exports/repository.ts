import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countCapped, utcMicros } from '../../../db/paging.ts';
import { customers, deviceExports } from '../../../db/schema.ts';
import { type TimeKey, beforeKey } from '../shared/lists-repository.ts';

// ------------------------------------------------------------------------------------------------ customer exports

export async function listExports(db: DbOrTx, page: { limit: number; offset: number; after?: TimeKey }) {
  return db
    .select({
      id: deviceExports.id,
      exportName: deviceExports.exportName,
      serialNumber: deviceExports.serialNumber,
      disabledCount: sql<number>`jsonb_array_length(${deviceExports.disabledApplications})::int`,
      customerId: deviceExports.customerId,
      email: customers.email,
      createdAt: deviceExports.createdAt,
      createdAtMicros: utcMicros(deviceExports.createdAt),
    })
    .from(deviceExports)
    .innerJoin(customers, eq(customers.id, deviceExports.customerId))
    .where(beforeKey(deviceExports.createdAt, deviceExports.id, page.after))
    .orderBy(desc(deviceExports.createdAt), desc(deviceExports.id))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : page.offset);
}

export const countExports = (db: DbOrTx) => countCapped(db, deviceExports, undefined);
