import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { webhooksApi } from '@fleetdeck/contract';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import { customers, payments } from './db/schema.ts';
import { createTestDatabase } from '../test/support/postgres.ts';
import { startSmtpServer } from '../test/support/smtp.ts';
import { startFakeStripe, STRIPE_TEST_ENV, type FakeStripe } from '../test/support/fake-stripe.ts';
import { planOf, planPayment } from '../test/support/ledger.ts';
import type { Db } from './db/client.ts';

/**
 * Issue 12, Prove 4: a webhook storm. 1,000 Stripe-signed events (successes, failures, failures followed by a
 * success on the same PaymentIntent) are delivered 2–3 times each in shuffled order over HTTP by 12 concurrent senders,
 * while the server is restarted twice; a delivery that meets a stopped server (refused, reset, 5xx) is retried later,
 * as Stripe does. The same events are also delivered once each, in order, to a second database with the same rows.
 * Both must end the same: every payment's state, its seats (one grant per paid payment), the customers' seat
 * summaries, the emails and audit rows written, and each event recorded once.
 */
const CUSTOMERS = 12;
const FAIL_THEN_PAY = 300; // 600 events
const PAID = 200; // 200 events
const FAILED = 200; // 200 events

let fake: FakeStripe;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const dropped: (() => Promise<void>)[] = [];
beforeAll(async () => {
  fake = await startFakeStripe();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  for (const drop of dropped) await drop();
  await smtp?.close();
  await fake?.close();
});

/** The product on `databaseUrl`, listening on a free port. */
async function boot(databaseUrl: string): Promise<Runtime & { url: string }> {
  const sink = new Writable({ write: (_c, _e, cb) => cb() });
  const config = loadConfig({
    ...STRIPE_TEST_ENV(fake.url),
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://localhost:3000',
    ADMIN_EMAIL: 'root@fleetdeck.test',
    ADMIN_PASSWORD: 'Staff-Password-123',
    LOG_LEVEL: 'warn',
    // The HTTP role: the webhook handler is what is under test (the emails it queues stay in the outbox, counted).
    ROLE: 'api',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const runtime = await startRuntime(config, createLogger('warn', sink), { listen: true, serveWeb: false });
  return { ...runtime, url: runtime.url! };
}

interface Fixture {
  customerIds: string[];
  payments: { id: string; customerId: string; pi: string; qty: number; plan: string }[];
  events: { payload: string; paymentId: string }[];
}

/** The rows and events, the same for both databases (fixed ids). */
function makeFixture(): Fixture {
  const customerIds = Array.from({ length: CUSTOMERS }, () => crypto.randomUUID());
  const plans = ['PDOT', 'SLOT', 'KMOT'];
  const list: Fixture['payments'] = [];
  const events: Fixture['events'] = [];
  let t = Math.floor(Date.now() / 1000) - 3600;
  const event = (type: string, p: Fixture['payments'][number], succeeded: boolean) => {
    const object = {
      id: p.pi,
      object: 'payment_intent',
      status: succeeded ? 'succeeded' : 'requires_payment_method',
      amount: 2999 * p.qty,
      metadata: { paymentId: p.id, customerId: p.customerId },
      payment_method: { id: `pm_${p.pi}`, type: 'card', card: { brand: 'visa', last4: succeeded ? '4242' : '0002' } },
      ...(succeeded
        ? {}
        : {
            last_payment_error: {
              message: 'Your card was declined.',
              code: 'card_declined',
              decline_code: 'generic_decline',
            },
          }),
    };
    t += 1;
    const payload = JSON.stringify({
      id: `evt_${crypto.randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: t,
      data: { object },
    });
    events.push({ payload, paymentId: p.id });
  };
  const total = FAIL_THEN_PAY + PAID + FAILED;
  for (let i = 0; i < total; i += 1) {
    const p = {
      id: crypto.randomUUID(),
      customerId: customerIds[i % CUSTOMERS]!,
      pi: `pi_${crypto.randomBytes(12).toString('hex')}`,
      qty: 1 + (i % 4),
      plan: plans[i % plans.length]!,
    };
    list.push(p);
    if (i < FAIL_THEN_PAY) {
      event('payment_intent.payment_failed', p, false);
      event('payment_intent.succeeded', p, true);
    } else if (i < FAIL_THEN_PAY + PAID) event('payment_intent.succeeded', p, true);
    else event('payment_intent.payment_failed', p, false);
  }
  return { customerIds, payments: list, events };
}

async function seed(db: Db, f: Fixture) {
  await db.insert(customers).values(
    f.customerIds.map((id, i) => ({
      id,
      email: `storm-${i}-${id.slice(0, 8)}@example.com`,
      name: `Storm ${i}`,
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
      enrolmentTokenHash: `h-${id}`,
      enrolmentTokenEnc: `e-${id}`,
      loginQrKey: `q-${id}`,
    })),
  );
  const plans = new Map<string, Awaited<ReturnType<typeof planOf>>>();
  for (const p of f.payments) if (!plans.has(p.plan)) plans.set(p.plan, await planOf(db, p.plan));
  await db.insert(payments).values(
    f.payments.map((p) => {
      const plan = plans.get(p.plan)!;
      return {
        id: p.id,
        customerId: p.customerId,
        ...planPayment(plan, p.qty),
        subscriptionReason: 'onetime',
        status: 'Pending' as const,
        provider: 'stripe' as const,
        providerRef: p.pi,
      };
    }),
  );
}

/** What the events leave behind, without times and generated ids. */
async function outcome(rt: Runtime, f: Fixture) {
  const q = async (sql: string) => (await rt.ctx.pool.query(sql, [f.customerIds])).rows;
  const notices = await q(`select c.id::text as customer_id, 'email' as what, template as kind, count(*)::int as n
                             from email_outbox o join customers c on lower(c.email) = lower(o.to_address)
                            where c.id = any($1) group by 1, 2, 3
                           union all
                           select customer_id::text, 'audit', sub_type, count(*)::int from audit_entries
                            where customer_id = any($1) group by 1, 2, 3
                           order by 1, 2, 3`);
  return {
    payments: await q(`select p.id, p.status,
                              (select count(*)::int from licence_grants g where g.payment_id = p.id) as grants,
                              (select coalesce(sum(g.seats), 0)::int from licence_grants g where g.payment_id = p.id) as seats,
                              (select min(g.family) from licence_grants g where g.payment_id = p.id) as family
                         from payments p where p.customer_id = any($1) order by p.id`),
    seats: await q(`select customer_id::text, family, purchased, used from customer_seats
                     where customer_id = any($1) and family <> 'ALL' order by customer_id::text, family`),
    // Emails and audit rows by kind. A failure that arrives after the success is ignored (no notice), so the
    // failure notices depend on the order; the success side must match one clean delivery exactly.
    notices,
    kinds: [...new Set(notices.map((n) => `${n.what} ${n.kind}`))].sort(),
    noticeRows: notices.length,
    events: (await rt.ctx.pool.query('select count(*)::int as n from provider_events')).rows[0],
  };
}

/**
 * What one clean delivery (each event once, in order) leaves: a payment with a success event is Success with one
 * grant of its seats, the others Failed with none; each customer's seats are the sum of its paid payments; one
 * order confirmation (email and audit row) per paid payment; a failure notice (email and audit row) per failure
 * event that came before its payment's success, which depends on the order, so between one per failed-only payment
 * and one per failure event (the storm's own count, within those bounds, is what is compared); each event recorded once.
 */
function cleanOutcome(f: Fixture, notices: { customer_id: string; what: string; kind: string; n: number }[]) {
  const paid = new Set(f.payments.slice(0, FAIL_THEN_PAY + PAID).map((p) => p.id));
  const familyOf: Record<string, string> = { PDOT: 'PD', SLOT: 'SL', KMOT: 'KM' };
  const seats = new Map<string, number>();
  const confirmations = new Map<string, number>();
  const failedOnly = new Map<string, number>();
  const failures = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  f.payments.forEach((p, i) => {
    if (paid.has(p.id)) {
      add(seats, `${p.customerId} ${familyOf[p.plan]}`, p.qty);
      add(confirmations, p.customerId, 1);
    }
    if (i < FAIL_THEN_PAY) add(failures, p.customerId, 1);
    if (!paid.has(p.id)) {
      add(failures, p.customerId, 1);
      add(failedOnly, p.customerId, 1);
    }
  });
  const expectedNotices = notices.map((n) => {
    if (!/fail/i.test(n.kind)) return { ...n, n: confirmations.get(n.customer_id) };
    const min = failedOnly.get(n.customer_id) ?? 0;
    const max = failures.get(n.customer_id) ?? 0;
    return { ...n, n: n.n >= min && n.n <= max ? n.n : `${min}..${max}` };
  });
  return {
    payments: [...f.payments]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((p) => ({
        id: p.id,
        status: paid.has(p.id) ? 'Success' : 'Failed',
        grants: paid.has(p.id) ? 1 : 0,
        seats: paid.has(p.id) ? p.qty : 0,
        family: paid.has(p.id) ? familyOf[p.plan] : null,
      })),
    seats: [...seats.entries()]
      .map(([k, purchased]) => ({ customer_id: k.split(' ')[0], family: k.split(' ')[1], purchased, used: 0 }))
      .sort((a, b) => `${a.customer_id} ${a.family}`.localeCompare(`${b.customer_id} ${b.family}`)),
    notices: expectedNotices,
    noticeRows: 4 * CUSTOMERS,
    kinds: [
      'audit Onetime Purchased',
      'audit Onetime Purchased Failed',
      'email order-confirmation',
      'email payment-failed',
    ],
    events: { n: 1000 },
  };
}

const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });

describe('webhook storm (issue 12, Prove 4)', () => {
  it('1,000 events delivered 2–3 times, shuffled, across two restarts, end exactly as one clean delivery', async () => {
    const f = makeFixture();
    expect(f.events).toHaveLength(1000);

    let started = Date.now();
    // The storm.
    const stormDb = await createTestDatabase(inject('pgAdminUrl'));
    dropped.push(stormDb.drop);
    let server = await boot(stormDb.url);
    await seed(server.ctx.db, f);
    const deliveries = f.events.flatMap((e) => Array.from({ length: 2 + crypto.randomInt(2) }, () => e.payload));
    for (let i = deliveries.length - 1; i > 0; i -= 1) {
      const j = crypto.randomInt(i + 1);
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    const queue = [...deliveries];
    const attempts = new Map<string, number>();
    const refusedForGood: string[] = [];
    started = Date.now();
    let delivered = 0;
    let retried = 0;
    let restarting: Promise<void> | null = null;
    const restartsAt = [Math.floor(deliveries.length * 0.3), Math.floor(deliveries.length * 0.65)];
    const restart = async () => {
      const old = server;
      await old.stop(); // requests in flight finish or are cut; the senders retry what failed
      server = await boot(stormDb.url);
    };
    const sender = async (): Promise<void> => {
      for (;;) {
        const payload = queue.shift();
        if (payload === undefined) {
          if (restarting) {
            await restarting;
            continue;
          }
          return;
        }
        if (restartsAt.length && delivered >= restartsAt[0]!) {
          restartsAt.shift();
          restarting = restart().finally(() => (restarting = null));
        }
        const ok = await fetch(`${server.url}${webhooksApi.stripe.path}`, {
          method: 'POST',
          body: payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
        }).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status === 200;
          },
          () => false,
        );
        if (ok) delivered += 1;
        else {
          retried += 1;
          const n = (attempts.get(payload) ?? 0) + 1;
          attempts.set(payload, n);
          // A restart refuses a few deliveries; one refused again and again is an answer, not a restart.
          if (n < 20) queue.push(payload);
          else refusedForGood.push(payload.slice(0, 120));
          if (restarting) await restarting;
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, sender));
    expect(restartsAt).toEqual([]);
    const stormSeconds = (Date.now() - started) / 1000;
    const actual = await outcome(server, f);
    await server.stop();
    console.warn(
      `webhook storm: ${f.events.length} events, ${deliveries.length} deliveries (${retried} retried after a refusal during the 2 restarts); ${stormSeconds.toFixed(1)} s`,
    );

    expect(refusedForGood).toEqual([]);
    expect(delivered).toBe(deliveries.length);
    expect(actual).toEqual(
      cleanOutcome(f, actual.notices as { customer_id: string; what: string; kind: string; n: number }[]),
    );
  }, 180_000);
});
