import { sql } from 'drizzle-orm';

/**
 * A list of ids as ONE `uuid[]` parameter (`= any(…)`, `unnest(…)`): a statement over thousands of ids binds one
 * value instead of one per id (PostgreSQL allows 65,535 parameters per statement). Only for ids the caller produced
 * or checked as UUIDs: the text is an array literal.
 */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
