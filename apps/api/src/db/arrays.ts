import { sql } from 'drizzle-orm';

/**
 * A list of ids as ONE `uuid[]` parameter (`= any(…)`, `unnest(…)`): a statement over thousands of ids binds one
 * value instead of one per id (PostgreSQL allows 65,535 parameters per statement). Only for ids the caller produced
 * or checked as UUIDs: the text is an array literal.
 */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Columns of a multi-row write as ONE array parameter each (`unnest(…)`): bound as values (node-postgres writes the
 * array literal, nulls included), never spliced into the text. Building one drizzle `insert … values` row per item
 * cost more CPU than the database's work for a batch of acks (bench/fleet.ts profile).
 */
export const textArray = (texts: readonly (string | null)[]) => sql`${sql.param([...texts])}::text[]`;
export const intArray = (numbers: readonly number[]) => sql`${sql.param([...numbers])}::int[]`;
export const boolArray = (flags: readonly boolean[]) => sql`${sql.param([...flags])}::boolean[]`;
/** Ids that may be null (`uuidArray` takes ids only). */
export const nullableUuidArray = (ids: readonly (string | null)[]) => sql`${sql.param([...ids])}::uuid[]`;
export const timestampArray = (times: readonly (Date | null)[]) =>
  sql`${sql.param(times.map((t) => (t === null ? null : t.toISOString())))}::timestamptz[]`;
