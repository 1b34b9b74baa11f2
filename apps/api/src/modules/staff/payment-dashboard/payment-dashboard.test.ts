import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicApi, usersApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { customers, paymentRefunds, payments } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import { STRONG_PASSWORD, inOneWindow } from '../../../../test/support/helpers.ts';
import { PAGE_VIEW_LIMIT } from '../../public/page-views/service.ts';
import { newCustomer, newStaff, type TestStaff } from '../../../../test/support/factory.ts';
import { planOf, planPayment } from '../../../../test/support/ledger.ts';
import { card, checkout, confirm } from '../../../../test/support/payments.ts';
import { emitSandboxChargeEvent } from '../../sandbox/service.ts';
import type { TestRuntime } from '../../../../test/support/runtime.ts';
import { startOfDay, today } from '../dashboard/zoned-time.ts';
import { foldDashboardRollups } from './repository.ts';
import { startWithStaff } from '../../../../test/support/suites.ts';

let rt: TestRuntime;
let root: TestStaff;
let customerId: string;
beforeAll(async () => ({ rt, staff: root } = await startWithStaff('SuperAdmin')));
afterAll(async () => rt?.close());

/**
 * One run of the job. The runtime's own scheduled run may fold first (it takes the same lock): the tests check the
 * figures and the emptied queues, not how many rows this run folded.
 */
const fold = () => rt.ctx.db.transaction((tx) => foldDashboardRollups(tx));
const pendingDeltas = async () =>
  Number((await rt.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from payment_count_deltas`)).rows[0]!.n);

/** A customer row written straight into the table (the trigger counts its ISO country). */
async function customerIn(country: string | null) {
  const [row] = await rt.ctx.db
    .insert(customers)
    .values({
      email: `c-${crypto.randomUUID()}@example.com`,
      name: 'Dashboard customer',
      passwordHash: 'x',
      country,
      enrolmentTokenHash: crypto.randomUUID(),
      enrolmentTokenEnc: 'x',
      loginQrKey: crypto.randomUUID(),
    })
    .returning({ id: customers.id });
  return row!.id;
}

/** A payment created at `at` (any status), as checkout, an event or staff would write it. */
async function paymentAt(
  at: Date,
  identifier = 'PD',
  status: 'Pending' | 'Success' | 'Failed' | 'Refunded' | 'Partially refunded' = 'Success',
  totalAmount?: string,
) {
  const plan = await planOf(rt.ctx.db, identifier);
  const [row] = await rt.ctx.db
    .insert(payments)
    .values({
      customerId,
      ...planPayment(plan, 1),
      subscriptionReason: 'onetime',
      totalAmount: totalAmount ?? plan.amount,
      status,
      provider: 'sandbox',
      providerRef: `pi_test_${crypto.randomUUID()}`,
      createdAt: at,
    })
    .returning({ id: payments.id });
  return row!.id;
}

const dashboard = async (query: Record<string, unknown> = {}) =>
  (await call(rt, staffApi.paymentDashboard, { token: root.token, query })).data().data;

beforeEach(async () => {
  await rt.ctx.db.execute(sql`truncate customers cascade`);
  await rt.ctx.db.execute(
    sql`truncate page_views, page_view_counts, page_view_daily, rollup_watermarks, rate_limit_counters`,
  );
  customerId = await customerIn('GB');
});

describe('payment dashboard: payments (spec 3 "Payment dashboard")', () => {
  it("counts today's payments by status in the zone asked for, across midnight, before and after the rollup job", async () => {
    const zone = 'Asia/Kolkata';
    const kolkataStart = startOfDay(today(zone), zone);
    // 10 minutes into Kolkata's today (still yesterday evening in UTC), and 10 minutes before it.
    await paymentAt(new Date(kolkataStart.getTime() + 10 * 60_000), 'PD', 'Success');
    await paymentAt(new Date(kolkataStart.getTime() + 11 * 60_000), 'UB', 'Failed');
    await paymentAt(new Date(kolkataStart.getTime() - 10 * 60_000), 'PC', 'Success');
    const utcStart = startOfDay(today('UTC'), 'UTC').getTime();
    const inUtcToday = [10, 11, -10].filter((m) => kolkataStart.getTime() + m * 60_000 >= utcStart).length;

    const before = await dashboard({ timeZone: zone });
    expect(before.dashboardStats).toMatchObject({ todaysPayment: 2, todaysSuccessPayment: 1, todaysFailedPayment: 1 });
    expect(before.timeZone).toBe(zone);
    expect((await dashboard({ timeZone: 'UTC' })).dashboardStats.todaysPayment).toBe(inUtcToday);

    await fold();
    expect(await pendingDeltas()).toBe(0);
    expect(await dashboard({ timeZone: zone })).toEqual(before);
    await fold();
    expect(await dashboard({ timeZone: zone })).toEqual(before);
  });

  it("puts a payment on the zone's day and month, with the month boundary read from the daily rollup's edges", async () => {
    // 2025-03-10 20:00 UTC is 11 March in Kolkata; 2025-03-31 20:00 UTC is already April there.
    await paymentAt(new Date('2025-03-10T20:00:00Z'), 'PD');
    await paymentAt(new Date('2025-03-31T20:00:00Z'), 'KM', 'Failed');
    await paymentAt(new Date('2025-03-15T12:00:00Z'), 'PCHAT');
    for (const folded of [false, true]) {
      if (folded) await fold();
      const utc = await dashboard({ timeZone: 'UTC', reportMonth: 2, reportYear: 2025 });
      const kol = await dashboard({ timeZone: 'Asia/Kolkata', reportMonth: 2, reportYear: 2025 });
      const day = (d: typeof utc, key: string) => d.dayWiseBarChart.find((b) => b.key === key)!.count;
      expect(utc.dayWiseBarChart).toHaveLength(31);
      expect(utc.dayWiseBarChart[0]).toEqual({ key: '2025-03-01', label: '1', count: 0 });
      expect([day(utc, '2025-03-10'), day(utc, '2025-03-11'), day(utc, '2025-03-31')]).toEqual([1, 0, 1]);
      expect([day(kol, '2025-03-10'), day(kol, '2025-03-11'), day(kol, '2025-03-31')]).toEqual([0, 1, 0]);
      expect(utc.monthWiseBarChart.map((b) => b.count).slice(1, 4)).toEqual([0, 3, 0]);
      expect(kol.monthWiseBarChart.map((b) => b.count).slice(1, 4)).toEqual([0, 2, 1]);
      expect(kol.monthWiseBarChart[3]!.label).toBe('Apr');
      expect(utc.planWisePieChartByMonth).toMatchObject({
        pdSubscriptions: 1,
        kmSubscriptions: 0,
        pChatSubscriptions: 1,
      });
      expect(kol.planWisePieChartByMonth).toMatchObject({
        pdSubscriptions: 1,
        kmSubscriptions: 0,
        pChatSubscriptions: 1,
      });
      // The pies count Success payments only (the Failed KM payment is not in them).
      expect(kol.planWisePieChart).toMatchObject({ pdSubscriptions: 1, kmSubscriptions: 0, pChatSubscriptions: 1 });
      // hasError: Success only / Failed only.
      const ok = await dashboard({ timeZone: 'UTC', reportMonth: 2, reportYear: 2025, hasError: 'false' });
      expect(ok.monthWiseBarChart[2]!.count).toBe(2);
      expect(ok.planWisePieChart.kmSubscriptions).toBe(0);
      const failed = await dashboard({ timeZone: 'UTC', reportMonth: 2, reportYear: 2025, hasError: 'true' });
      expect(failed.dayWiseBarChart.find((b) => b.key === '2025-03-31')!.count).toBe(1);
      // hasError filters the bar charts, never the pies.
      expect(failed.planWisePieChart).toMatchObject({ kmSubscriptions: 0, pdSubscriptions: 1 });
    }
  });

  it('reads Kolkata, Kathmandu and New York months (whole UTC days cut by their midnight) as a direct count over payments', async () => {
    // March 2025 and its edges (New York changes to DST on 9 March); some payments a minute either side of each
    // zone's midnight (18:30Z Kolkata, 18:15Z Kathmandu, 05:00Z/04:00Z New York), the rest spread over the hours.
    const statuses = ['Success', 'Failed', 'Pending', 'Success', 'Refunded'] as const;
    const times: number[] = [];
    for (const day of ['2025-02-28', '2025-03-01', '2025-03-09', '2025-03-10', '2025-03-20', '2025-03-31']) {
      for (const hm of ['18:29', '18:30', '18:14', '18:15', '04:59', '05:00', '03:59', '04:00', '23:59', '00:00']) {
        times.push(Date.parse(`${day}T${hm}:00Z`));
      }
    }
    for (let i = 0; i < 40; i++)
      times.push(Date.parse('2025-02-27T00:00:00Z') + ((i * 7_919_311) % 34) * 86_400_000 + i * 2_090_000);
    for (const [i, t] of times.entries()) await paymentAt(new Date(t), i % 3 === 0 ? 'KM' : 'PD', statuses[i % 5]);
    const zones = ['Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York'];
    const asked = (timeZone: string) => ({ timeZone, reportMonth: 2, reportYear: 2025 });
    const before = await Promise.all(zones.map((z) => dashboard(asked(z))));
    await fold();
    expect(await pendingDeltas()).toBe(0);
    for (const [i, zone] of zones.entries()) {
      const after = await dashboard(asked(zone));
      // Before the job everything was read from the deltas, keyed by the database; after it, from the plan.
      expect(after, zone).toEqual(before[i]);
      const direct = await rt.ctx.db.execute<{ key: string; n: number }>(sql`
        select to_char(created_at at time zone ${zone}, 'YYYY-MM-DD') as key, count(*)::int as n from payments
        where to_char(created_at at time zone ${zone}, 'YYYY-MM') = '2025-03' group by 1`);
      const expected = new Map(direct.rows.map((r) => [r.key, Number(r.n)]));
      expect(
        after.dayWiseBarChart.map((b) => [b.key, b.count]),
        zone,
      ).toEqual(after.dayWiseBarChart.map((b) => [b.key, expected.get(String(b.key)) ?? 0]));
      expect(after.monthWiseBarChart[2]!.count, zone).toBe(direct.rows.reduce((n, r) => n + Number(r.n), 0));
      const gross = await rt.ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from payments
        where status = 'Success' and family = 'KM' and to_char(created_at at time zone ${zone}, 'YYYY-MM') = '2025-03'`);
      expect(after.planWisePieChartByMonth.kmSubscriptions, zone).toBe(Number(gross.rows[0]!.n));
    }
  });

  it('reads whole months of a year from the monthly rollup: month bars, the all-time pie and revenue equal a direct count', async () => {
    // Issue 22: payments spread over 2025 (and a few either side), some a minute either side of zone midnights at
    // month ends; after the job the year's months come from payment_counts_monthly, which must equal the daily rows.
    const times: number[] = [];
    for (let m = 0; m < 12; m++) {
      const end = Date.UTC(2025, m + 1, 1);
      for (const off of [-5 * 3600_000 - 60_000, -5.5 * 3600_000 + 60_000, -60_000, 0, 4 * 3600_000 + 60_000])
        times.push(end + off);
      times.push(Date.UTC(2025, m, 10, 12));
    }
    times.push(Date.UTC(2024, 11, 31, 23), Date.UTC(2026, 0, 1, 1));
    const statuses = ['Success', 'Failed', 'Success', 'Pending', 'Refunded'] as const;
    for (const [i, t] of times.entries()) await paymentAt(new Date(t), i % 4 === 0 ? 'UB' : 'PD', statuses[i % 5]);
    await fold();
    expect(await pendingDeltas()).toBe(0);
    const mismatched = await rt.ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from payment_counts_monthly m
      full join (select date_trunc('month', day)::date as month, family, status, sum(count)::int as count
                 from payment_counts_daily group by 1, 2, 3) d using (month, family, status)
      where m.count is distinct from d.count`);
    expect(Number(mismatched.rows[0]!.n)).toBe(0);
    expect(
      Number(
        (await rt.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from payment_counts_monthly`)).rows[0]!.n,
      ),
    ).toBeGreaterThan(0);
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/New_York']) {
      const answer = await dashboard({ timeZone: zone, reportMonth: 5, reportYear: 2025 });
      const direct = await rt.ctx.db.execute<{ m: number; n: number }>(sql`
        select extract(month from created_at at time zone ${zone})::int as m, count(*)::int as n from payments
        where extract(year from created_at at time zone ${zone}) = 2025 group by 1`);
      const byMonth = new Map(direct.rows.map((r) => [Number(r.m), Number(r.n)]));
      expect(
        answer.monthWiseBarChart.map((b) => b.count),
        zone,
      ).toEqual(Array.from({ length: 12 }, (_, i) => byMonth.get(i + 1) ?? 0));
      const ub = await rt.ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from payments where status = 'Success' and family = 'UB'`,
      );
      expect(answer.planWisePieChart.ubSubscriptions, zone).toBe(Number(ub.rows[0]!.n));
      const gross = await rt.ctx.db.execute<{ m: number; gross: string }>(sql`
        select extract(month from created_at at time zone ${zone})::int as m, sum(total_amount)::text as gross
        from payments where status in ('Success', 'Refunded', 'Partially refunded')
          and extract(year from created_at at time zone ${zone}) = 2025 group by 1`);
      const grossByMonth = new Map(gross.rows.map((r) => [Number(r.m), Math.round(Number(r.gross) * 100)]));
      expect(
        answer.monthWiseRevenueChart.map((b) => Math.round(b.gross * 100)),
        zone,
      ).toEqual(Array.from({ length: 12 }, (_, i) => grossByMonth.get(i + 1) ?? 0));
    }
  });

  it('follows a status change after creation (Pending → Success → Refunded, Pending → Failed), whoever writes it', async () => {
    const now = new Date();
    const a = await paymentAt(now, 'POB', 'Pending');
    const b = await paymentAt(now, 'POB', 'Pending');
    await fold();
    const stats = async () => (await dashboard()).dashboardStats;
    expect(await stats()).toMatchObject({ todaysPayment: 2, todaysSuccessPayment: 0, todaysFailedPayment: 0 });

    // Plain updates, as any module (events, refunds, staff edits) would write them: the trigger sees them all.
    await rt.ctx.db.update(payments).set({ status: 'Success' }).where(eq(payments.id, a));
    await rt.ctx.db.update(payments).set({ status: 'Failed' }).where(eq(payments.id, b));
    expect(await stats()).toMatchObject({ todaysPayment: 2, todaysSuccessPayment: 1, todaysFailedPayment: 1 });
    expect((await dashboard({ hasError: 'false' })).planWisePieChart.pobSubscriptions).toBe(1);
    await fold();
    expect(await pendingDeltas()).toBe(0);
    expect(await stats()).toMatchObject({ todaysPayment: 2, todaysSuccessPayment: 1, todaysFailedPayment: 1 });

    await rt.ctx.db.execute(sql`update payments set status = 'Refunded' where id = ${a}`);
    expect(await stats()).toMatchObject({ todaysPayment: 2, todaysSuccessPayment: 0, todaysFailedPayment: 1 });
    await fold();
    expect(await stats()).toMatchObject({ todaysPayment: 2, todaysSuccessPayment: 0, todaysFailedPayment: 1 });
    // An update that does not change the status adds no delta.
    await fold();
    await rt.ctx.db.update(payments).set({ message: 'note' }).where(eq(payments.id, b));
    expect(await pendingDeltas()).toBe(0);
    // A deleted payment leaves the counts.
    await rt.ctx.db.delete(payments).where(eq(payments.id, b));
    expect((await stats()).todaysPayment).toBe(1);
    await fold();
    expect((await stats()).todaysPayment).toBe(1);
  });

  it('ranks the top ten countries by customers, by name, following country changes', async () => {
    // beforeEach made one customer in GB.
    for (let i = 0; i < 3; i++) await customerIn('IN');
    for (let i = 0; i < 2; i++) await customerIn('US');
    await customerIn(null);
    for (const c of ['FR', 'DE', 'ES', 'PT', 'NL', 'BE', 'SE', 'NO', 'FI', 'DK']) await customerIn(c);
    const top = async () => (await dashboard()).topTenCountryWiseCustomer;
    const before = await top();
    expect(before).toHaveLength(10);
    expect(before.slice(0, 2)).toEqual([
      { _id: 'India', count: 3 },
      { _id: 'United States', count: 2 },
    ]);
    await fold();
    expect(await top()).toEqual(before);
    await rt.ctx.db.execute(sql`update customers set country = 'US' where country = 'IN'`);
    expect((await top())[0]).toEqual({ _id: 'United States', count: 5 });
    await fold();
    expect((await top())[0]).toEqual({ _id: 'United States', count: 5 });
    expect((await top()).find((c) => c._id === 'India')).toBeUndefined();
  });

  it("names the country of a customer's phone number, not its dial code (DECISIONS §14)", async () => {
    // A Canadian number beside the shared dial code +1: the number says Canada.
    const res = await call(rt, usersApi.register, {
      body: {
        name: 'Canada Customer',
        email: `ca-${crypto.randomUUID()}@example.com`,
        password: STRONG_PASSWORD,
        country_code: '+1',
        phone_number: '604 555 0123',
      },
    });
    expect(res.statusCode).toBe(200);
    const top = (await dashboard()).topTenCountryWiseCustomer;
    expect(top).toContainEqual({ _id: 'Canada', count: 1 });
    expect(top).toContainEqual({ _id: 'United Kingdom', count: 1 });
    expect(top.map((c) => c._id).filter((id) => id.startsWith('+'))).toEqual([]);
  });
});

describe('payment dashboard: revenue and the product pies (DECISIONS §14)', () => {
  const cents = (eur: string | number) => Math.round(Number(eur) * 100);
  const eur = (c: number) => c / 100;
  const money = (gross: number, refunded: number) => ({
    gross: eur(gross),
    refunded: eur(refunded),
    net: eur(gross - refunded),
  });

  /** A payment made through the real checkout and the sandbox's card form (Pending, then Success). */
  async function paid(plan: string, qty: number) {
    const c = await newCustomer(rt);
    const data = await checkout(rt, c.token, { priceId: plan, qty });
    expect((await confirm(rt, data.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    const [row] = await rt.ctx.db.select().from(payments).where(eq(payments.id, data.paymentId));
    expect(row!.status).toBe('Success');
    return { id: row!.id, customerId: c.id, total: cents(row!.totalAmount) };
  }
  const staffRefund = async (id: string, refundQty: number) => {
    const res = await call(rt, staffApi.paymentRefund, { token: root.token, body: { id, refundQty } });
    expect(res.statusCode, res.body).toBe(200);
    return cents(res.data().data.refundAmount);
  };

  it('sums gross, refunded and net for today, the month, the year and each month, exactly, before and after the job', async () => {
    // Today: two checkouts, an offline sale, a Pending payment of 2025 that succeeds today, and what is not revenue.
    const a = await paid('PD', 4);
    const b = await paid('PD', 1);
    const c = await paid('UB', 2);
    const offline = await call(rt, staffApi.offlinePaymentCreate, {
      token: root.token,
      body: { customerId, priceId: 'UB', qty: 3, amount: 123.45, note: 'Invoice 1044' },
    });
    expect(offline.statusCode, offline.body).toBe(200);
    const late = await paymentAt(new Date('2025-03-10T12:00:00Z'), 'KM', 'Pending', '40.10');
    await rt.ctx.db.update(payments).set({ status: 'Success' }).where(eq(payments.id, late));
    await paymentAt(new Date(), 'PD', 'Failed', '999.00');
    await paymentAt(new Date(), 'PD', 'Pending', '555.00');

    // Refunds today: 2 of a's 4 seats (partial), all of b, half of c at the provider (Stripe's dashboard).
    const partial = await staffRefund(a.id, 2);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(a.total);
    const whole = await staffRefund(b.id, 1);
    expect(whole).toBe(b.total);
    const half = Math.floor(c.total / 2);
    await emitSandboxChargeEvent(rt.ctx, { paymentId: c.id, type: 'charge.refunded', amountCents: half });
    const statuses = await rt.ctx.db.select({ id: payments.id, status: payments.status }).from(payments);
    expect(statuses.find((p) => p.id === a.id)!.status).toBe('Partially refunded');
    expect(statuses.find((p) => p.id === b.id)!.status).toBe('Refunded');

    // 2025: a sale on 31 March 20:00 UTC (1 April in Kolkata), refunded in part on 2 April; a failed payment.
    const march = await paymentAt(new Date('2025-03-31T20:00:00Z'), 'PD', 'Success', '300.00');
    await paymentAt(new Date('2025-03-20T10:00:00Z'), 'PD', 'Failed', '77.00');
    await rt.ctx.db.insert(paymentRefunds).values({
      paymentId: march,
      customerId,
      idempotencyKey: 'k1',
      requestHash: 'h',
      source: 'provider_refund',
      status: 'succeeded',
      qty: 1,
      amount: '89.97',
      provider: 'sandbox',
      refundBy: 'Stripe',
      completedAt: new Date('2025-04-02T09:00:00Z'),
    });
    // A refund still pending or failed is no money back.
    await rt.ctx.db.insert(paymentRefunds).values({
      paymentId: march,
      customerId,
      idempotencyKey: 'k2',
      requestHash: 'h',
      source: 'staff',
      status: 'failed',
      qty: 1,
      amount: '10.00',
      provider: 'sandbox',
      refundBy: 'x@example.com',
    });

    const gross = a.total + b.total + c.total + 12345 + 4010;
    const refunded = partial + whole + half;
    const now = today('UTC');
    for (const folded of [false, true]) {
      if (folded) {
        await fold();
        const left = await rt.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from payment_revenue_deltas`);
        expect(left.rows[0]!.n).toBe(0);
      }
      const d = await dashboard({ timeZone: 'UTC' });
      expect(d.dashboardStats).toMatchObject({ todaysRevenue: eur(gross), todaysRefunded: eur(refunded) });
      expect(d.revenue).toEqual({ month: money(gross, refunded), year: money(gross, refunded) });
      expect(d.monthWiseRevenueChart).toHaveLength(12);
      d.monthWiseRevenueChart.forEach((m, i) =>
        expect(m, `month ${i}`).toEqual(i === now.month ? money(gross, refunded) : money(0, 0)),
      );

      const utc = await dashboard({ timeZone: 'UTC', reportYear: 2025, reportMonth: 3 });
      expect(utc.monthWiseRevenueChart.slice(2, 4)).toEqual([money(30000, 0), money(0, 8997)]);
      expect(utc.revenue).toEqual({ month: money(0, 8997), year: money(30000, 8997) });
      const kol = await dashboard({ timeZone: 'Asia/Kolkata', reportYear: 2025, reportMonth: 3 });
      expect(kol.monthWiseRevenueChart.slice(2, 4)).toEqual([money(0, 0), money(30000, 8997)]);
      expect(kol.revenue.month).toEqual(money(30000, 8997));
    }
    // A succeeded refund taken back (a won dispute written by hand) leaves its day; deleting a payment rewrites nothing.
    await rt.ctx.db.update(paymentRefunds).set({ status: 'failed' }).where(eq(paymentRefunds.idempotencyKey, 'k1'));
    await rt.ctx.db.delete(payments).where(eq(payments.id, late));
    const after = await dashboard({ timeZone: 'UTC', reportYear: 2025, reportMonth: 3 });
    expect(after.revenue.year).toEqual(money(30000, 0));
    expect((await dashboard({ timeZone: 'UTC' })).dashboardStats.todaysRevenue).toBe(eur(gross));
  });

  it('counts only Success payments in the product pies, whatever the status filter', async () => {
    const now = new Date();
    await paymentAt(now, 'PD', 'Success');
    await paymentAt(now, 'PD', 'Pending');
    await paymentAt(now, 'PD', 'Failed');
    await paymentAt(now, 'UB', 'Refunded');
    await paymentAt(now, 'UB', 'Partially refunded');
    await paymentAt(now, 'KM', 'Failed');
    for (const folded of [false, true]) {
      if (folded) await fold();
      for (const hasError of [undefined, 'true', 'false']) {
        const d = await dashboard(hasError ? { hasError } : {});
        const expected = { pdSubscriptions: 1, ubSubscriptions: 0, kmSubscriptions: 0 };
        expect(d.planWisePieChart, `all time, hasError ${hasError}`).toMatchObject(expected);
        expect(d.planWisePieChartByMonth, `month, hasError ${hasError}`).toMatchObject(expected);
      }
      // The bar charts still follow the filter: every status without one.
      expect((await dashboard()).monthWiseBarChart[today('UTC').month]!.count).toBe(6);
    }
  });
});

describe('payment dashboard: inputs, roles and exports', () => {
  it('refuses bad inputs with a 400 and a message', async () => {
    for (const query of [
      { reportMonth: 12 },
      { reportMonth: -1 },
      { reportMonth: 'march' },
      { reportYear: 2022 },
      { reportYear: 2034 },
      { timeZone: 'Mars/Olympus' },
      { hasError: 'maybe' },
      { isExportData: 'true', exportType: 'weekWise' },
    ]) {
      const res = await call(rt, staffApi.paymentDashboard, { token: root.token, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.error().respones_msg).toMatch(/\w/);
    }
    const month = await call(rt, staffApi.paymentDashboard, { token: root.token, query: { reportMonth: 12 } });
    expect(month.error().respones_msg).toContain('0 to 11');
  });

  it('is SuperAdmin only', async () => {
    for (const role of ['Admin', 'Support', 'Content'] as const) {
      const staff = await newStaff(rt, role);
      const res = await call(rt, staffApi.paymentDashboard, { token: staff.token });
      expect(res.statusCode).toBe(403);
      expect(res.error().code).toBe('E_FORBIDDEN');
    }
    expect((await call(rt, staffApi.paymentDashboard, {})).statusCode).toBe(401);
  });

  it('exports the day-wise, month-wise and country-wise charts as CSV, and "No data to export" when empty', async () => {
    await paymentAt(new Date('2025-06-02T10:00:00Z'), 'PD');
    await paymentAt(new Date('2025-06-02T11:00:00Z'), 'PD', 'Failed');
    await customerIn('=cmd');
    const exp = (query: Record<string, unknown>) =>
      call(rt, staffApi.paymentDashboard, {
        token: root.token,
        query: { isExportData: true, reportYear: 2025, reportMonth: 5, timeZone: 'UTC', ...query },
      });
    const day = await exp({ exportType: 'dayWise' });
    expect(day.statusCode).toBe(200);
    expect(day.headers['content-disposition']).toBe('attachment; filename="day-wise-payments.csv"');
    const dayLines = day.body.trim().split('\r\n');
    expect(dayLines[0]).toBe('"Date","Payments"');
    expect(dayLines).toHaveLength(31); // header + 30 days of June
    expect(dayLines[2]).toBe('"2025-06-02","2"');
    expect((await exp({ exportType: 'dayWise', hasError: 'true' })).body).toContain('"2025-06-02","1"');

    const month = await exp({ exportType: 'monthWise' });
    expect(month.headers['content-disposition']).toContain('month-wise-payments.csv');
    expect(month.body.split('\r\n').slice(0, 7)).toEqual([
      '"Month","Payments"',
      '"2025-01","0"',
      '"2025-02","0"',
      '"2025-03","0"',
      '"2025-04","0"',
      '"2025-05","0"',
      '"2025-06","2"',
    ]);

    const country = await exp({}); // countryWise is the default
    expect(country.headers['content-disposition']).toBe('attachment; filename="country-wise-customers.csv"');
    // Countries by name (DECISIONS §14); the formula guard of every export (DECISIONS §8) still quotes what is not one.
    expect(country.body.split('\r\n').slice(0, 3).sort()).toEqual(
      ['"\'=cmd","1"', '"United Kingdom","1"', '"Country","Count"'].sort(),
    );

    const empty = await exp({ exportType: 'dayWise', reportYear: 2024 });
    expect(empty.statusCode).toBe(404);
    expect(empty.error()).toMatchObject({ code: 'E_NO_DATA', respones_msg: 'No data to export' });
    await rt.ctx.db.execute(sql`truncate customers cascade`);
    const none = await exp({ exportType: 'countryWise' });
    expect(none.statusCode).toBe(404);
    expect(none.error().code).toBe('E_NO_DATA');
  });
});

describe('page views (DECISIONS §8)', () => {
  const view = (page: string, ip: string, headers: Record<string, string> = {}, app = rt) =>
    call(app, publicApi.pageView, { body: { page }, ip, headers });

  it('stores the day, page, country and a keyed hash of the address, never the address; one per visitor a day', async () => {
    const gb = '81.2.69.160';
    expect((await view('Home', gb)).statusCode).toBe(200);
    expect((await view('Home', gb)).statusCode).toBe(200); // a reload
    expect((await view('Payment', gb)).statusCode).toBe(200);
    expect((await view('Home', '127.0.0.1')).statusCode).toBe(200);
    expect((await view('Home', '::ffff:192.168.1.20')).statusCode).toBe(200);
    // Without TRUST_PROXY a country header is the visitor's word: ignored.
    expect((await view('Home', '8.8.8.8', { 'cf-ipcountry': 'FR' })).statusCode).toBe(200);

    const rows = await rt.ctx.db.execute<Record<string, unknown>>(sql`select * from page_views order by id`);
    expect(rows.rows.map((r) => [r.page, r.country])).toEqual([
      ['Home', 'GB'],
      ['Payment', 'GB'],
      ['Home', '--'],
      ['Home', '--'],
      ['Home', 'US'],
    ]);
    const everything =
      JSON.stringify(rows.rows) +
      JSON.stringify((await rt.ctx.db.execute(sql`select * from rate_limit_counters`)).rows);
    for (const ip of [gb, '127.0.0.1', '192.168.1.20', '8.8.8.8']) expect(everything).not.toContain(ip);
    const hashOf = (r: Record<string, unknown>) => r.ip_hash as string;
    expect(hashOf(rows.rows[0]!)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOf(rows.rows[0]!)).toBe(hashOf(rows.rows[1]!));
    // Keyed: not a plain hash of the address.
    expect(hashOf(rows.rows[0]!)).not.toBe(crypto.createHash('sha256').update(gb).digest('hex'));

    const stats = async () => (await dashboard()).dashboardStats;
    expect(await stats()).toMatchObject({ todaysHomePageCount: 4, todaysPaymentPageCount: 1 });
    // The job folds rows older than 30 seconds: age them, fold, and the figures stay.
    await rt.ctx.db.execute(sql`update page_views set created_at = created_at - interval '1 minute'`);
    await fold();
    const mark = await rt.ctx.db.execute<{ last_id: number }>(
      sql`select last_id from rollup_watermarks where name = 'page_views'`,
    );
    expect(Number(mark.rows[0]!.last_id)).toBe(Number(rows.rows.at(-1)!.id));
    expect(await stats()).toMatchObject({ todaysHomePageCount: 4, todaysPaymentPageCount: 1 });
    const month = new Date().getUTCMonth();
    const bars = (await dashboard({ reportYear: new Date().getUTCFullYear() })).monthWisePageViewMultipleBarChart;
    expect(bars).toHaveLength(12);
    expect(bars[month]).toMatchObject({ homePageCount: 4, paymentPageCount: 1 });
    const byCountry = await rt.ctx.db.execute<{ country: string; visitors: number }>(
      sql`select country, visitors from page_view_counts where page = 'Home' order by country`,
    );
    expect(byCountry.rows).toEqual([
      { country: '--', visitors: 2 },
      { country: 'GB', visitors: 1 },
      { country: 'US', visitors: 1 },
    ]);
  });

  it('refuses an unknown page and limits each address', async () => {
    const bad = await view('Admin', '8.8.4.4');
    expect(bad.statusCode).toBe(400);
    expect(bad.error().respones_msg).toContain('Home');
    const ip = '9.9.9.9';
    // 30 a clock-aligned minute: the 31 views must fall in one window.
    await inOneWindow(10, PAGE_VIEW_LIMIT.windowSeconds);
    for (let i = 0; i < 30; i++) expect((await view('Home', ip)).statusCode).toBe(200);
    const limited = await view('Home', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.error().code).toBe('E_RATE_LIMITED');
  });

  it('takes the country from COUNTRY_HEADER only behind a trusted proxy (TRUST_PROXY)', async () => {
    const config = loadConfig({ DATABASE_URL: rt.databaseUrl, TRUST_PROXY: '1', COUNTRY_HEADER: 'CF-IPCountry' });
    expect(config.countryHeader).toBe('cf-ipcountry');
    expect(loadConfig({ DATABASE_URL: rt.databaseUrl, COUNTRY_HEADER: 'cf-ipcountry' }).countryHeader).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    const app = await buildApp({ ...rt.ctx, config }, { serveWeb: false });
    try {
      const proxied = { app };
      // The proxy (127.0.0.1, one hop) forwards the visitor's address and country.
      await view('Home', '127.0.0.1', { 'x-forwarded-for': '81.2.69.160', 'cf-ipcountry': 'fr' }, proxied as never);
      // An unusable header (Cloudflare's XX) falls back to the GeoIP database of the forwarded address.
      await view('Payment', '127.0.0.1', { 'x-forwarded-for': '81.2.69.160', 'cf-ipcountry': 'XX' }, proxied as never);
      const rows = await rt.ctx.db.execute<{ page: string; country: string }>(
        sql`select page, country from page_views order by id`,
      );
      expect(rows.rows).toEqual([
        { page: 'Home', country: 'FR' },
        { page: 'Payment', country: 'GB' },
      ]);
    } finally {
      await app.close();
    }
  });
});
