import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countCapped, utcMicros, keysetPage } from '../../../db/paging.ts';
import { customers, deviceExports } from '../../../db/schema.ts';
import { type TimePage, keysetWindow, timeKey } from '../shared/lists-repository.ts';

// ------------------------------------------------------------------------------------------------ customer exports

export async function listExports(db: DbOrTx, page: TimePage) {
  const query = db
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
    .$dynamic();
  return keysetPage(query, undefined, timeKey(deviceExports.createdAt, deviceExports.id), keysetWindow(page));
}

export const countExports = (db: DbOrTx) => countCapped(db, deviceExports, undefined);
