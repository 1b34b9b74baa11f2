import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseBefore, type MigrationDb } from '../../test/support/migrations.ts';

/**
 * The phone-number backfill (DECISIONS §14): customers stored before it (a national number beside a dial code) get
 * E.164 numbers where the stored parts allow, an ISO country, and the payment dashboard's counts by ISO country.
 */
let db: MigrationDb;
let client: pg.Client;

/** [dial code, number as stored before, number after, country after] */
const CASES: [string | null, string, string, string | null][] = [
  ['+44', '7700 900123', '+447700900123', 'GB'],
  ['+44', '(07700) 900-123', '+447700900123', 'GB'],
  ['+39', '06 1234 5678', '+390612345678', 'IT'],
  ['+1', '1 (201) 555-0123', '+12015550123', 'US'],
  ['+1-684', '733 1234', '+16847331234', 'AS'],
  ['+7', '8 912 345 6789', '+79123456789', 'RU'],
  ['+49', '', '', 'DE'],
  // Left as they are: no dial code, too short, too long.
  [null, '7700 900123', '7700 900123', null],
  ['+44', '1234', '1234', 'GB'],
  ['+49', '1234 5678 9012 3456', '1234 5678 9012 3456', 'DE'],
];

beforeAll(async () => {
  db = await databaseBefore(inject('pgAdminUrl'), `fd_t_phonemig_${process.pid}`, '_phone_e164_country_backfill');
  client = db.client;
  for (const [i, [dial, phone]] of CASES.entries()) {
    await client.query(
      `insert into customers (email, name, password_hash, enrolment_token_hash, enrolment_token_enc, login_qr_key,
         country_code, phone_number)
       values ($1, 'Old', 'x', $2, 'e', $2, $3, $4)`,
      [`c${i}@example.com`, `k${i}`, dial, phone],
    );
  }
}, 120_000);

afterAll(async () => db?.drop());

describe('the phone-number backfill', () => {
  it('converts what the stored parts allow to E.164, leaves the rest, and counts customers by ISO country', async () => {
    const counts = async () =>
      (
        await client.query<{ country: string; n: number }>(
          `select country, sum(n)::int as n from (select country, count as n from customer_country_counts
             union all select country, delta from customer_country_deltas) x group by 1 having sum(n) > 0 order by 1`,
        )
      ).rows;
    // Before: keyed by dial code.
    expect((await counts()).map((r) => r.country)).toContain('+44');

    await db.runTarget();

    const rows = await client.query<{ email: string; phone_number: string; country: string | null }>(
      `select email, phone_number, country from customers order by email`,
    );
    const byEmail = new Map(rows.rows.map((r) => [r.email, r]));
    for (const [i, [, , phone, country]] of CASES.entries()) {
      expect(byEmail.get(`c${i}@example.com`), `case ${i}`).toMatchObject({ phone_number: phone, country });
    }
    expect(await counts()).toEqual([
      { country: '', n: 1 },
      { country: 'AS', n: 1 },
      { country: 'DE', n: 2 },
      { country: 'GB', n: 3 },
      { country: 'IT', n: 1 },
      { country: 'RU', n: 1 },
      { country: 'US', n: 1 },
    ]);
    // From now on the trigger follows customers.country.
    await client.query(`update customers set country = 'FR' where email = 'c0@example.com'`);
    expect(await counts()).toContainEqual({ country: 'FR', n: 1 });
    expect(await counts()).toContainEqual({ country: 'GB', n: 2 });
  });
});
