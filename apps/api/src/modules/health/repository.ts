import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How many migrations the database has applied (throws when it is unreachable). */
export async function appliedMigrations(db: Db): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(result.rows[0]?.n ?? 0);
}
