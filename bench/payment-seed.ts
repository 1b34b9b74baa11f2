/**
 * What the back-office benchmarks share: customers and payments seeded in SQL at scale (bench/staff.ts,
 * bench/payment-export.ts), and a CSV export streamed over HTTP with the rows/s and the server's RSS.
 */
import http from 'node:http';
import v8 from 'node:v8';
import type pg from 'pg';
import type { StaffEndpoint } from '@fleetdeck/contract/staff';
import { fillTable, round } from './support.ts';

export interface MemoryAtPeak {
  newSpace: number;
  oldSpace: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** The process's memory now by kind (MiB): committed young and old generation, V8's heap, and outside it. */
function memoryNow(): MemoryAtPeak {
  const spaces = v8.getHeapSpaceStatistics();
  const size = (name: string) => round((spaces.find((s) => s.space_name === name)?.space_size ?? 0) / 2 ** 20);
  const m = process.memoryUsage();
  return {
    newSpace: size('new_space'),
    oldSpace: size('old_space'),
    heapTotal: round(m.heapTotal / 2 ** 20),
    external: round(m.external / 2 ** 20),
    arrayBuffers: round(m.arrayBuffers / 2 ** 20),
  };
}

/** A customer's id from its row number (1-based): cheap for payments to point at. */
export const CUSTOMER_ID = (n: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;

/**
 * `customers` rows (ids from the row number, emails `c<n>@bench.local`, 2% offline) and `payments` over 3 years,
 * skewed (a few customers with many payments), 77% Success, 18% Failed with a provider error code, 5% Pending; method
 * mix card / wallets / paypal / link / rare ones, 6% with a coupon (200 codes `BENCH<n>`), 2% offline. Triggers are off
 * during the load (`fillTable`): the callers build the rollups. Rows are written oldest first, as they accrue.
 */
export async function seedCustomersAndPayments(pool: pg.Pool, opts: { customers: number; payments: number }) {
  const customers = await fillTable(
    pool,
    'customers',
    `insert into customers (id, email, name, password_hash, phone_number, country_code, email_verified_at,
       is_offline_customer, reseller_mode_enabled, enrolment_token_hash, enrolment_token_enc, login_qr_key, created_at,
       updated_at)
     select ${CUSTOMER_ID('g')}, 'c' || g || '@bench.local', 'Customer ' || g, 'bench-no-login',
       '7700 ' || lpad((g % 1000000)::text, 6, '0'), (array['+44','+49','+33','+91','+1','+34'])[1 + g % 6], now(),
       g % 50 = 0, g % 997 = 0, md5('e' || g), 'x', md5('q' || g),
       now() - make_interval(secs => (random() * 3 * 365 * 86400)::int), now()
     from generate_series(1, $1::int) g`,
    [opts.customers],
  );
  const { rows: planRows } = await pool.query<{
    id: string;
    identifier: string;
    family: string;
    name: string;
    type: string;
    amount: string;
  }>(`select id, identifier, family, name, type, amount::text from plans order by identifier`);
  const arr = (k: keyof (typeof planRows)[number]) => planRows.map((p) => p[k]);
  await pool.query(
    `insert into coupons (code, percent_off) select 'BENCH' || g, 5 + g % 20 from generate_series(1, 200) g
     on conflict do nothing`,
  );
  // Plans, weighted to the subscriptions: index i of the plan arrays (1-based in SQL).
  const payments = await fillTable(
    pool,
    'payments',
    `with p as (select $2::uuid[] as id, $3::text[] as ident, $4::text[] as fam, $5::text[] as name,
                       $6::text[] as typ, $7::numeric[] as amount, cardinality($2::uuid[]) as n)
     insert into payments (customer_id, plan_id, plan_identifier, family, product_name, subscription_type,
       subscription_reason, qty, unit_amount, discount_amount, total_amount, coupon_code, status, message, error_code,
       payment_method, provider, provider_ref, expiry_at, is_offline_payment, created_at, updated_at)
     select ${CUSTOMER_ID('c')}, p.id[k], p.ident[k], p.fam[k], p.name[k], p.typ[k],
       case when offline then 'offline' when p.typ[k] = 'one_time' then 'onetime'
            when r2 < 0.7 then 'subscription_cycle' else 'subscription_create' end,
       qty, p.amount[k], case when coupon is null then 0 else round(p.amount[k] * qty * 0.1, 2) end,
       round(p.amount[k] * qty * case when coupon is null then 1 else 0.9 end, 2),
       coupon, status,
       case when status = 'Failed' then 'Your card was declined.' end,
       case when status = 'Failed' then (array['card_declined','insufficient_funds','expired_card','generic_decline',
         'incorrect_cvc','authentication_required'])[1 + (g % 6)] end,
       case when offline then null
            when m < 0.74 then '{"type":"card","card":{"brand":"visa","last4":"4242","wallet":null}}'::jsonb
            when m < 0.82 then '{"type":"card","card":{"brand":"visa","last4":"1111","wallet":{"type":"google_pay"}}}'::jsonb
            when m < 0.88 then '{"type":"card","card":{"brand":"mastercard","last4":"4444","wallet":{"type":"apple_pay"}}}'::jsonb
            when m < 0.95 then '{"type":"paypal"}'::jsonb
            when m < 0.99 then '{"type":"link"}'::jsonb
            when m < 0.995 then '{"type":"wechat_pay"}'::jsonb
            else '{"type":"alipay"}'::jsonb end,
       case when offline then 'offline' else 'sandbox' end,
       'bench_' || g,
       case when status = 'Success' then at + case when p.typ[k] = 'one_time' then interval '3 years'
            else interval '1 year' end end,
       offline, at, at
     from p, (
       select g,
         -- skewed: a few customers hold many payments
         1 + floor(power(random(), 3) * $1::int)::int as c,
         1 + floor(power(random(), 1.5) * cardinality($2::uuid[]))::int as k,
         1 + floor(power(random(), 4) * 50)::int as qty,
         case when random() < 0.06 then 'BENCH' || (1 + floor(power(random(), 2) * 200))::int end as coupon,
         (array['Success','Success','Success','Success','Success','Success','Success','Success','Success','Success',
                'Success','Success','Success','Success','Success','Success','Success','Failed','Failed','Failed',
                'Failed','Pending'])[1 + floor(random() * 22)::int] as status,
         random() as m, random() as r2, random() < 0.02 as offline,
         now() - make_interval(secs => (random() * 3 * 365 * 86400)::int) as at
       from generate_series(1, $8::int) g
     ) s
     -- In time order, as an installation writes them: the table's pages follow created_at (a random order would
     -- make every index walk by time touch a random page per row, a layout no real payments table has).
     order by at`,
    [
      opts.customers,
      arr('id'),
      arr('identifier'),
      arr('family'),
      arr('name'),
      arr('type'),
      arr('amount'),
      opts.payments,
    ],
  );
  return { customers, payments };
}

/** Streams the export over HTTP: rows, seconds, rows/s, and the process's peak RSS while it ran. */
export function measureExport(
  baseUrl: string,
  token: string,
  endpoint: StaffEndpoint,
  query: Record<string, string>,
  maxSeconds: number,
) {
  return new Promise<{
    rows: number;
    bytes: number;
    seconds: number;
    rowsPerSecond: number;
    rssBeforeMiB: number;
    rssPeakMiB: number;
    /** Where the memory was at the RSS peak (MiB): V8's young and old generations, and memory outside V8's heap. */
    atPeakMiB: MemoryAtPeak;
    complete: boolean;
  }>((resolve, reject) => {
    const rssBefore = process.memoryUsage.rss();
    let peak = rssBefore;
    let atPeak = memoryNow();
    const sampler = setInterval(() => {
      const rss = process.memoryUsage.rss();
      if (rss > peak) {
        peak = rss;
        atPeak = memoryNow();
      }
    }, 50);
    const url = new URL(`${baseUrl}${endpoint.path}?${new URLSearchParams({ ...query, isExportData: 'true' })}`);
    const t0 = performance.now();
    let newlines = 0;
    let bytes = 0;
    let complete = false;
    const req = http.get(url, { headers: { authorization: token } }, (res) => {
      if (res.statusCode !== 200) {
        clearInterval(sampler);
        reject(new Error(`export answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
      });
      res.on('end', () => {
        complete = true;
      });
      res.on('close', () => {
        clearInterval(sampler);
        clearTimeout(timer);
        const s = (performance.now() - t0) / 1000;
        const rows = Math.max(0, newlines - 1);
        resolve({
          rows,
          bytes,
          seconds: round(s, 2),
          rowsPerSecond: Math.round(rows / s),
          rssBeforeMiB: round(rssBefore / 2 ** 20),
          rssPeakMiB: round(peak / 2 ** 20),
          atPeakMiB: atPeak,
          complete,
        });
      });
    });
    req.on('error', (err) => {
      if (!complete && timedOut) return; // stopped on purpose
      clearInterval(sampler);
      reject(err);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy();
    }, maxSeconds * 1000);
  });
}
