import { benchInstallation, startProduct, unboundedPool } from './support.ts';
import { seedCustomersAndPayments } from './payment-seed.ts';
import {
  paymentHistoryBatch,
  type After,
  type PaymentListRow,
} from '../apps/api/src/modules/staff/payment-lists/repository.ts';
import { keysetBatches, csvCell } from '../apps/api/src/lib/csv-export.ts';
import { PAYMENT_HISTORY_CSV } from '../apps/api/src/modules/staff/payment-lists/service.ts';
import { stringify } from 'csv-stringify';
import fs from 'node:fs/promises';
const { dataDir, config, logger } = await benchInstallation('fd-rev-time-');
const { rt } = await startProduct(config, logger, dataDir);
const bulk = unboundedPool(rt.ctx.pool);
await seedCustomersAndPayments(bulk, { customers: 10000, payments: 200000 });
await bulk.query('vacuum (analyze) customers, payments');
for (const size of [2000, 5000]) {
  let t = performance.now();
  let n = 0;
  let q = 0;
  for await (const r of keysetBatches<PaymentListRow, After>(
    async (a, l) => {
      const s = performance.now();
      const b = await paymentHistoryBatch(rt.ctx.db, {}, a, l);
      q += performance.now() - s;
      return b;
    },
    (r) => ({ at: r.keyMicros, id: r.id }),
    size,
  ))
    n++;
  console.log(
    `batch ${size}: ${n} rows fetch only ${(performance.now() - t).toFixed(0)} ms (query ${q.toFixed(0)} ms)`,
  );
}
let t = performance.now();
let n = 0;
const rows: string[][] = [];
for await (const r of keysetBatches<PaymentListRow, After>(
  (a, l) => paymentHistoryBatch(rt.ctx.db, {}, a, l),
  (r) => ({ at: r.keyMicros, id: r.id }),
  2000,
)) {
  const rec = PAYMENT_HISTORY_CSV.map((c) => csvCell(c.value(r)));
  if (n < 100000) rows.push(rec);
  n++;
}
console.log(`fetch + cells: ${(performance.now() - t).toFixed(0)} ms`);
t = performance.now();
await new Promise<void>((res) => {
  const s = stringify({ record_delimiter: '\r\n', quoted_match: /[",\r\n]/ });
  s.on('data', () => {});
  s.on('end', () => res());
  for (const r of rows) s.write(r);
  s.end();
});
console.log(`csv-stringify 100k: ${(performance.now() - t).toFixed(0)} ms`);
await bulk.end();
await rt.stop();
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(0);
