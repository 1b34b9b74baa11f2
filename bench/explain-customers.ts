/**
 * `npx tsx bench/explain-customers.ts [--customers 1000000]`: EXPLAIN (ANALYZE, BUFFERS) of the back office's customer
 * list (GET /api/v1/super-admin/customers/list) on a million customers, for each filter case, with the SQL the
 * repository runs (`listCustomersSqlForExplain`, `countCustomers`' shape). Seeds in SQL with generate_series into a
 * throwaway embedded PostgreSQL: 2% offline customers, 20 dial codes, 0.1% reseller requests, 60% with an `ALL` seat
 * row (purchased 0..20, used 0..purchased+2) and a family row for one of the five spec products. Prints a summary line
 * per case (plan shape, index used, execution time) and the full plans.
 */
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import {
  countCustomersSqlForExplain,
  listCustomersSqlForExplain,
  type CustomerListFilter,
} from '../apps/api/src/modules/staff/customers/repository.ts';
import { onScratchDatabase } from './explain-support.ts';

const { values } = parseArgs({ options: { customers: { type: 'string', default: '1000000' } } });
const N = Number(values.customers);

const monthAgo = new Date(Date.now() - 30 * 86_400_000);
const CASES: [string, CustomerListFilter][] = [
  ['first page, no filter', {}],
  ['From = one month ago (the default)', { from: monthAgo }],
  ['email prefix', { emailPrefix: 'c12345' }],
  ['Source = Offline', { source: 'Offline' }],
  ['Source = Online + From', { source: 'Online', from: monthAgo }],
  ['country code +44', { countryCode: '+44' }],
  ['Purchased Devices = 7', { purchasedDevices: 7 }],
  ['Purchased Devices = 0', { purchasedDevices: 0 }],
  ['Show Unused License', { unused: true }],
  ['Product = UB', { family: 'UB' }],
  ['Product = KM + Purchased Devices = 3', { family: 'KM', purchasedDevices: 3 }],
  ['Product = PD + Show Unused License + From', { family: 'PD', unused: true, from: monthAgo }],
  ['reseller requests', { reseller: 'Requested' }],
  ['Purchased Devices = 19 + country +44 (rare)', { purchasedDevices: 19, countryCode: '+44' }],
];

await onScratchDatabase(async (pool, db) => {
  const t0 = Date.now();
  await db.execute(sql`
    insert into customers (id, email, name, password_hash, phone_number, country_code, is_offline_customer,
      reseller_mode_enabled, reseller_mode_approved, enrolment_token_hash, enrolment_token_enc, login_qr_key, created_at)
    select gen_random_uuid(), 'c' || g || '@example.com', 'Customer ' || g, 'x', '7700 900' || (g % 1000),
      '+' || (array[44,1,33,49,91,61,34,39,31,46,47,48,351,353,358,45,41,43,32,352])[1 + g % 20],
      g % 50 = 0, g % 1000 = 0, g % 2000 = 0, 'h' || g, 'e', 'q' || g,
      now() - (g::float / ${N} * interval '3 years')
    from generate_series(1, ${N}) g`);
  await db.execute(sql`
    insert into customer_seats (customer_id, family, customer_created_at, purchased, used, expired)
    select id, 'ALL', created_at, p, least(p + 2, (random() * (p + 3))::int), (random() * 3)::int
    from (select id, created_at, (random() * 20)::int as p from customers where random() < 0.6) s`);
  await db.execute(sql`
    insert into customer_seats (customer_id, family, customer_created_at, purchased, used, expired)
    select customer_id, (array['PD','PC','UB','KM','POB'])[1 + (abs(hashtext(customer_id::text)) % 5)],
      customer_created_at, purchased, used, expired
    from customer_seats where family = 'ALL'`);
  await db.execute(sql`vacuum analyze customers`);
  await db.execute(sql`vacuum analyze customer_seats`);
  console.log(`seeded ${N} customers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const explain = async (q: SQL) => {
    const r = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${q}`);
    return r.rows.map((row) => row['QUERY PLAN']).join('\n');
  };
  const full: string[] = [];
  for (const [name, filter] of CASES) {
    const page = await explain(listCustomersSqlForExplain(filter, 26));
    const count = await explain(countCustomersSqlForExplain(filter));
    const ms = (plan: string) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
    const indexes = [...new Set([...page.matchAll(/using (\w+)/gi)].map((m) => m[1]))].join(', ');
    console.log(
      `${name.padEnd(46)} page ${ms(page).padStart(8)} ms  count≤10001 ${ms(count).padStart(8)} ms  ${indexes}`,
    );
    full.push(`## ${name}\n${page}\n-- capped count\n${count}\n`);
  }
  return '\n' + full.join('\n');
});
