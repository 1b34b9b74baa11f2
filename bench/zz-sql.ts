import { benchInstallation, startProduct, unboundedPool } from './support.ts';
import { seedCustomersAndPayments } from './payment-seed.ts';
import { paymentHistoryBatch } from '../apps/api/src/modules/staff/payment-lists/repository.ts';
import fs from 'node:fs/promises';
const { dataDir, config, logger } = await benchInstallation('fd-rev-sql-');
const { rt } = await startProduct(config, logger, dataDir);
const bulk = unboundedPool(rt.ctx.pool);
await seedCustomersAndPayments(bulk, { customers: 10000, payments: 200000 });
await bulk.query('vacuum (analyze) customers, payments');
const base = paymentHistoryBatch(
  rt.ctx.db,
  {},
  { at: '2100-01-01T00:00:00.000000Z', id: '00000000-0000-0000-0000-000000000000' },
  200000,
).toSQL();
const time = async (label: string, sql: string, params: unknown[]) => {
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    const r = await bulk.query({ text: `explain (analyze, timing off) ${sql}`, values: params });
    const exec = r.rows.at(-1)['QUERY PLAN'];
    console.log(label, (performance.now() - t).toFixed(0), 'ms', exec);
  }
};
await time('full join', base.sql, base.params);
await time(
  'no followups',
  base.sql
    .replace(/left join "customer_followups".*? where/, 'where')
    .replace(
      /coalesce\("customer_followups"\."failed_email_followup_count", 0\)::int, coalesce\("customer_followups"\."whatsapp_redirect_count", 0\)::int,/,
      '',
    ),
  base.params,
);
await time(
  'payments only',
  `select * from payments where (created_at, id) < ($1::timestamptz, $2::uuid) order by created_at desc, id desc limit $3`,
  base.params,
);
// transfer+parse in node via pg without drizzle
let t = performance.now();
const r = await bulk.query({ text: base.sql, values: base.params, rowMode: 'array' });
console.log('node pg full fetch', r.rows.length, (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
const r2 = await bulk.query({
  text: base.sql,
  values: base.params,
  rowMode: 'array',
  types: { getTypeParser: () => (v: string) => v } as never,
});
console.log('node pg raw text fetch', r2.rows.length, (performance.now() - t).toFixed(0), 'ms');
await bulk.end();
await rt.stop();
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(0);
