/**
 * `npx tsx bench/explain-devices.ts [--devices 1000000]`: EXPLAIN (ANALYZE, BUFFERS) of the back office's device list
 * (GET /api/v1/super-admin/devices/list, and the device picker of notification/devices/list) on a million devices, for
 * each filter case (from, to, email, keyset pages, chosen customers), with the repository's own SQL (`listDevices`,
 * `countDevices`, run against a client that EXPLAINs them). Seeds in SQL with generate_series into a throwaway
 * embedded PostgreSQL: 10,000 customers, one of them with 10 % of the devices (the big-fleet case of the email
 * filter), created over three years, 2 % logged out, 5 % with a push token. Prints a summary line per case and the
 * full plans.
 */
import { parseArgs } from 'node:util';
import {
  countDevices,
  customerIdByEmail,
  listDevices,
  type DeviceFilter,
  type TimeKey,
} from '../apps/api/src/modules/staff/shared/lists-repository.ts';
import { explainingDb, onScratchDatabase, planSummary } from './explain-support.ts';

const { values } = parseArgs({ options: { devices: { type: 'string', default: '1000000' } } });
const N = Number(values.devices);
const CUSTOMERS = 10_000;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

await onScratchDatabase(async (pool, db) => {
  const t0 = Date.now();
  await pool.query(
    `insert into customers (email, name, password_hash, enrolment_token_hash, enrolment_token_enc, login_qr_key, created_at)
     select 'c' || g || '@example.com', 'Customer ' || g, 'x', 'h' || g, 'e', 'q' || g, now() - interval '4 years'
     from generate_series(1, $1::int) g`,
    [CUSTOMERS],
  );
  // Device g belongs to customer c1 (the big fleet) for every tenth g, else to one of the others.
  await pool.query(
    `with c as (select array_agg(id order by email) ids, (select id from customers where email = 'c1@example.com') big
                from customers)
     insert into devices (customer_id, family, app_name, serial_number, device_name, token_hash, app_version_code,
                          fcm_token, logged_out_at, created_at, enrolled_at)
     select case when g % 10 = 0 then c.big else c.ids[2 + g % ($2::int - 1)] end, 'PD', 'PD',
            'SN' || lpad(g::text, 8, '0'), 'Tablet ' || g, 'tok' || g, '412',
            case when g % 20 = 0 then 'fcm' || g end,
            case when g % 50 = 0 then now() - interval '1 day' end,
            now() - (($1::int - g)::float / $1::int * interval '3 years'),
            now() - (($1::int - g)::float / $1::int * interval '3 years')
     from generate_series(1, $1::int) g, c`,
    [N, CUSTOMERS],
  );
  await pool.query('vacuum analyze customers, devices');
  console.log(`seeded ${N} devices of ${CUSTOMERS} customers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const big = (await customerIdByEmail(db, 'c1@example.com'))!.id;
  const small = (await customerIdByEmail(db, 'c4242@example.com'))!.id;
  const three = [small, (await customerIdByEmail(db, 'c17@example.com'))!.id, big];
  // Keyset cursors: the 26th row of the first page of that filter (what `nextCursor` carries).
  const keyAfterFirstPage = async (f: DeviceFilter): Promise<TimeKey> => {
    const rows = await listDevices(db, f, { limit: 25, offset: 0 });
    const last = rows[24]!;
    return { createdAt: last.createdAtMicros, id: last.id };
  };
  const cases: [string, DeviceFilter, 'first' | 'keyset' | 'offset'][] = [
    ['first page, no filter', {}, 'first'],
    ['keyset page 2, no filter', {}, 'keyset'],
    ['page 40 by offset, no filter', {}, 'offset'],
    ['from = a month ago', { from: day(30) }, 'first'],
    ['from + to (one week, a year ago)', { from: day(372), to: day(365) }, 'first'],
    ['keyset page 2, from + to', { from: day(372), to: day(365) }, 'keyset'],
    ['to only (older than two years)', { to: day(730) }, 'first'],
    ['email: small customer (~100 devices)', { customerId: small }, 'first'],
    ['email: big customer (100k devices)', { customerId: big }, 'first'],
    ['keyset page 2, email big', { customerId: big }, 'keyset'],
    ['email big + from + to (one week)', { customerId: big, from: day(372), to: day(365) }, 'first'],
    ['email small + from (matches none)', { customerId: small, from: day(1) }, 'first'],
    ['notification picker: 3 customers', { customerIds: three }, 'first'],
    ['notification picker: 3 customers + push token', { customerIds: three, withFcmToken: true }, 'first'],
    ['notification picker: push token only', { withFcmToken: true }, 'first'],
  ];
  const client = await pool.connect();
  const full: string[] = [];
  const summary: string[] = [];
  try {
    for (const [name, f, paging] of cases) {
      const after = paging === 'keyset' ? await keyAfterFirstPage(f) : undefined;
      const page = { limit: 25, offset: paging === 'offset' ? 975 : 0, ...(after ? { after } : {}) };
      const plans: string[] = [];
      await listDevices(explainingDb(client, plans), f, page);
      await countDevices(explainingDb(client, plans), f);
      const [list, count] = plans as [string, string];
      summary.push(planSummary(name, list, 46), planSummary('  capped count (≤ 10,001)', count, 46));
      full.push(`## ${name}\n${list}\n-- capped count\n${count}\n`);
    }
  } finally {
    client.release();
  }
  console.log(summary.join('\n'));
  return '\n' + full.join('\n');
});
