/**
 * `npx tsx bench/explain-fanout.ts [--devices 100000]`: EXPLAIN (ANALYZE, BUFFERS) of every statement a device runs to
 * collect a staff notification (issue 11, `bench/fanout.ts` part b), on a table of `--devices` delivery rows: the
 * token lookup and last-seen update of the device API's guard, the delivery state and the hand-out of `GET events`,
 * and the delivered and opened acks. The statements are the repository's own: its functions run against a client
 * that EXPLAINs what they send, inside a transaction that is rolled back (EXPLAIN ANALYZE executes writes). Seeds in SQL
 * with generate_series into a throwaway embedded PostgreSQL, like `bench/fanout.ts`. Prints a summary line per
 * statement (execution time, indexes used) and the full plans.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { DbOrTx } from '../apps/api/src/db/client.ts';
import { explainingDb, onScratchDatabase, planSummary } from './explain-support.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import { sha256 } from '../apps/api/src/lib/crypto.ts';
import { findDeviceByTokenHash, markDeviceSeen } from '../apps/api/src/modules/devices/repository.ts';
import { findDeliveryState, markMessage, takeMessages } from '../apps/api/src/modules/policy/repository.ts';
import { MAX_MESSAGES_PER_POLL } from '../apps/api/src/modules/policy/service.ts';

const { values } = parseArgs({ options: { devices: { type: 'string', default: '100000' } } });
const N = Number(values.devices);

await onScratchDatabase(async (pool, db) => {
  const t0 = Date.now();
  await pool.query(`
    insert into customers (email, name, password_hash, enrolment_token_hash, enrolment_token_enc, login_qr_key)
    select 'fanout-' || g || '@bench.local', 'Fanout customer ' || g, 'x', 'h' || g, 'e', 'q' || g
    from generate_series(1, 100) g`);
  await pool.query(
    `insert into devices (customer_id, family, app_name, serial_number, device_name, token_hash, app_version_code)
     select (array(select id from customers order by email))[1 + g % 100], 'PD', 'PD', 'FAN-' || lpad(g::text, 7, '0'),
            'Tablet ' || g, encode(sha256(convert_to('bench-fanout-device-' || g, 'UTF8')), 'hex'), '412'
     from generate_series(1, $1::int) g`,
    [N],
  );
  await pool.query(`insert into profiles (customer_id, device_id, name, profile_name, app_name, family)
    select customer_id, id, serial_number, device_name, 'PD', 'PD' from devices`);
  const {
    rows: [n],
  } = await pool.query<{ id: string }>(
    `insert into notifications (title, message, target, total_devices, expires_at)
    values ('Maintenance tonight', 'Tablets restart at 22:00.', 'all', $1, now() + interval '7 days') returning id`,
    [N],
  );
  // What the fan-out writes (repository fanOutBatch), in one statement.
  await pool.query(
    `insert into device_messages (device_id, kind, payload, notification_id, expires_at, created_at)
     select id, 'notification', jsonb_build_object('notificationId', $1::text, 'title', 'Maintenance tonight'),
            $1::uuid, now() + interval '7 days', clock_timestamp()
     from devices order by id`,
    [n!.id],
  );
  await pool.query('vacuum analyze devices, profiles, device_messages, notifications');
  console.log(`seeded ${N} devices and ${N} delivery rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // The device in the middle of the fleet, and one message of it.
  const device = (await findDeviceByTokenHash(db, sha256(`bench-fanout-device-${Math.ceil(N / 2)}`)))!;
  const [message] = await db
    .select({ id: schema.deviceMessages.id })
    .from(schema.deviceMessages)
    .where(sql`${schema.deviceMessages.deviceId} = ${device.deviceId}`);

  const client = await pool.connect();
  const cases: [string, (d: DbOrTx) => Promise<unknown>][] = [
    ['guard: token lookup', (d) => findDeviceByTokenHash(d, sha256(`bench-fanout-device-${Math.ceil(N / 2)}`))],
    ['guard: last seen', (d) => markDeviceSeen(d, device.deviceId)],
    ['GET events: delivery state', (d) => findDeliveryState(d, device.profileId)],
    ['GET events: hand-out', (d) => takeMessages(d, device.deviceId, MAX_MESSAGES_PER_POLL)],
    ['ack delivered (after the hand-out)', (d) => markMessage(d, device.deviceId, message!.id, 'delivered')],
    ['ack opened (after the hand-out)', (d) => markMessage(d, device.deviceId, message!.id, 'opened')],
  ];
  const full: string[] = [];
  try {
    for (const [name, run] of cases) {
      const plans: string[] = [];
      await client.query('begin');
      // The acks follow the hand-out, as on a device: hand the message out first (not explained), then the ack.
      if (name.startsWith('ack')) await takeMessages(drizzle({ client, schema }), device.deviceId, 50);
      await run(explainingDb(client, plans));
      await client.query('rollback');
      for (const plan of plans) {
        console.log(planSummary(name, plan, 36));
        full.push(`## ${name}\n${plan}\n`);
      }
    }
  } finally {
    client.release();
  }
  return '\n' + full.join('\n');
});
