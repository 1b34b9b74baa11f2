import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licencesApi, policyApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { auditEntries, devices, licenceGrants, paymentRefunds, payments, subscriptions } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import {
  buy,
  enrolDevice,
  newCustomer,
  newStaff,
  type TestCustomer,
  type TestStaff,
} from '../../../../test/support/factory.ts';
import { daysFromNow } from '../../../../test/support/ledger.ts';
import { card, checkout, confirm } from '../../../../test/support/payments.ts';
import type { TestRuntime } from '../../../../test/support/runtime.ts';
import { emitSandboxChargeEvent, renewSandboxSubscription } from '../../sandbox/service.ts';
import { periodOf, proratedRefundCents } from '../../payments/refunds.ts';
import { logOutDevicesInTransaction } from '../../devices/service.ts';
import { startWithStaff } from '../../../../test/support/suites.ts';

let rt: TestRuntime;
let admin: TestStaff;
beforeAll(async () => ({ rt, staff: admin } = await startWithStaff('Admin')));
afterAll(async () => rt?.close());

/** A customer who bought `qty` seats of `plan` through the real checkout, paid with the sandbox's test card. */
async function paidCustomer(plan: string, qty: number) {
  const c = await newCustomer(rt);
  const data = await checkout(rt, c.token, { priceId: plan, qty });
  const res = await confirm(rt, data.clientSecret, card('4242424242424242'));
  expect(res.statusCode).toBe(200);
  const [payment] = await rt.ctx.db.select().from(payments).where(eq(payments.id, data.paymentId));
  expect(payment!.status).toBe('Success');
  return { c, payment: payment! };
}

/** 3 seats of PD with 3 devices enrolled a day apart: Oldest, Middle, Newest. */
async function threeSeatsThreeDevices() {
  const { c, payment } = await paidCustomer('PD', 3);
  const oldest = await enrolDevice(rt, c, { deviceName: 'Oldest' });
  const middle = await enrolDevice(rt, c, { deviceName: 'Middle' });
  const newest = await enrolDevice(rt, c, { deviceName: 'Newest' });
  await rt.ctx.db
    .update(devices)
    .set({ enrolledAt: daysFromNow(-3) })
    .where(eq(devices.id, oldest.deviceId));
  await rt.ctx.db
    .update(devices)
    .set({ enrolledAt: daysFromNow(-2) })
    .where(eq(devices.id, middle.deviceId));
  return { c, payment, oldest, middle, newest };
}

const detail = (id: string, token = admin.token, refundQty?: number) =>
  call(rt, staffApi.paymentDetail, { token, query: { id, ...(refundQty ? { refundQty } : {}) } });
const refund = (body: Record<string, unknown>, opts: { token?: string; key?: string } = {}) =>
  call(rt, staffApi.paymentRefund, {
    token: opts.token ?? admin.token,
    body,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });
const purchased = async (c: TestCustomer, family: string) =>
  (await call(rt, licencesApi.summary, { token: c.token })).data().data.find((l) => l.family === family)!;
const grantOf = async (paymentId: string) =>
  (await rt.ctx.db.select().from(licenceGrants).where(eq(licenceGrants.paymentId, paymentId)))[0]!;

describe('the prorated refund amount', () => {
  it('is paid × remaining ÷ period × refundQty ÷ qty in cents, rounded down, capped by what remains paid', () => {
    const f = { paidCents: 11996, refundedQty: 0, refundedCents: 0, seatsLeft: 4, periodDays: 365, remainingDays: 200 };
    // 11996 × 200 × 2 / (365 × 4) = 3286.57… → 3286
    expect(proratedRefundCents(f, 4, 2)).toBe(3286);
    expect(proratedRefundCents({ ...f, remainingDays: 365 }, 4, 4)).toBe(11996);
    expect(proratedRefundCents({ ...f, remainingDays: 365, refundedCents: 10000 }, 4, 4)).toBe(1996);
    expect(proratedRefundCents({ ...f, remainingDays: 0 }, 4, 4)).toBe(0);
  });

  it('counts a started day as remaining: on the day of purchase the whole amount, after the end nothing', () => {
    const now = new Date();
    const payment = { createdAt: now, expiryAt: daysFromNow(365) } as Parameters<typeof periodOf>[0];
    const grant = { startsAt: now, expiresAt: daysFromNow(365) };
    expect(periodOf(payment, grant, now)).toEqual({ periodDays: 365, remainingDays: 365 });
    expect(periodOf(payment, grant, daysFromNow(364.5))).toEqual({ periodDays: 365, remainingDays: 1 });
    expect(periodOf(payment, grant, daysFromNow(366))).toEqual({ periodDays: 365, remainingDays: 0 });
  });
});

describe('payments/detail and payments/refund (sandbox)', () => {
  it('detail answers the payment, what remains, the prorated amount and the enrolled devices of its product', async () => {
    const { c, payment } = await paidCustomer('PD', 4);
    const d1 = await enrolDevice(rt, c, { deviceName: 'Tablet one' });
    await enrolDevice(rt, c, { appName: 'PC', deviceName: 'Other product' }).catch(() => null);
    const res = await detail(payment.id);
    expect(res.statusCode).toBe(200);
    const data = res.data().data;
    expect(data).toMatchObject({
      _id: payment.id,
      customerId: c.id,
      email: c.email,
      productName: payment.productName,
      qty: 4,
      totalAmount: Number(payment.totalAmount),
      refundedQty: 0,
      refundedAmount: 0,
      seatsLeft: 4,
      refundQty: 4,
      subscriptionType: 'recurring',
      amountEditable: false,
      refundable: true,
      status: 'Success',
    });
    // Bought today: the whole period remains, the whole amount comes back.
    expect(data.remainingDays).toBe(data.periodDays);
    expect(data.proratedRefundAmount).toBe(Number(payment.totalAmount));
    expect(data.devices).toEqual([{ _id: d1.deviceId, deviceName: 'Tablet one', serialNumber: d1.serialNumber }]);
    const two = (await detail(payment.id, admin.token, 2)).data().data;
    expect(two.refundQty).toBe(2);
    expect(two.proratedRefundAmount).toBe(Math.floor(Math.round(Number(payment.totalAmount) * 100) / 2) / 100);
  });

  it('refunds 2 of 4 seats choosing one device: seats revoked, that device logged out, payment Partially refunded', async () => {
    const { c, payment } = await paidCustomer('PD', 4);
    const chosen = await enrolDevice(rt, c, { deviceName: 'Chosen' });
    const kept = await enrolDevice(rt, c, { deviceName: 'Kept' });
    const expected = (await detail(payment.id, admin.token, 2)).data().data.proratedRefundAmount;

    const res = await refund({ id: payment.id, refundQty: 2, refundDevices: [chosen.deviceId] });
    expect(res.statusCode).toBe(200);
    const data = res.data().data;
    expect(data).toMatchObject({
      paymentId: payment.id,
      status: 'Partially refunded',
      refundQty: 2,
      refundAmount: expected,
      refundBy: admin.email,
      devicesLoggedOut: [chosen.deviceId],
      replayed: false,
    });
    expect(await purchased(c, 'PD')).toMatchObject({ purchased: 2, used: 1 });
    const [row] = await rt.ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'Partially refunded', refundBy: admin.email });
    expect((await grantOf(payment.id)).seats).toBe(2);

    // The chosen device's token is dead; the other one still works.
    const dead = await call(rt, policyApi.policy, { token: chosen.auth });
    expect(dead.statusCode).toBe(401);
    expect(dead.error().code).toBe('E_DEVICE_LOGGED_OUT');
    expect((await call(rt, policyApi.policy, { token: kept.auth })).statusCode).toBe(200);

    // The customer's log names the staff member.
    const audit = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, 'Refund')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorKind: 'staff', actorId: admin.id, type: 'Payments' });
    expect(audit[0]!.message).toContain(admin.email);

    // What is left: 2 seats, the amount paid minus the refund.
    const after = (await detail(payment.id)).data().data;
    expect(after).toMatchObject({
      seatsLeft: 2,
      refundedQty: 2,
      refundedAmount: expected,
      status: 'Partially refunded',
    });
    expect(after.devices.map((d) => d._id)).toEqual([kept.deviceId]);

    // The rest, then nothing more.
    const rest = await refund({ id: payment.id, refundQty: 2 });
    expect(rest.data().data.status).toBe('Refunded');
    expect(rest.data().data.refundAmount).toBeCloseTo(Number(payment.totalAmount) - expected, 2);
    expect(await purchased(c, 'PD')).toMatchObject({ purchased: 0, used: 0 });
    const again = await refund({ id: payment.id, refundQty: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.error().code).toBe('E_REFUND_NOT_ALLOWED');
  });

  it('the same refund twice is one refund (derived key, and Idempotency-Key header)', async () => {
    const { c, payment } = await paidCustomer('PD', 4);
    const body = { id: payment.id, refundQty: 1 };
    const [first, second] = await Promise.all([refund(body), refund(body)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const results = [first.data().data, second.data().data];
    expect(results.map((r) => r.refundId)[0]).toBe(results[1]!.refundId);
    expect(results.map((r) => r.replayed).sort()).toEqual([false, true]);
    expect(await purchased(c, 'PD')).toMatchObject({ purchased: 3 });

    // With a key, the same key twice is one refund; a new key is a new refund of one more seat.
    const k1 = await refund(body, { key: 'refund-k1' });
    const k1Again = await refund(body, { key: 'refund-k1' });
    expect(k1Again.data().data).toMatchObject({ refundId: k1.data().data.refundId, replayed: true });
    expect(await purchased(c, 'PD')).toMatchObject({ purchased: 2 });
    // The same key for another refund is refused.
    const conflict = await refund({ id: payment.id, refundQty: 2 }, { key: 'refund-k1' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.error().code).toBe('E_CONFLICT');
    const rows = await rt.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(rows).toHaveLength(2);
  });

  it('emails the customer after a staff refund (real SMTP): amount, seats, devices logged out; a replay sends none', async () => {
    const { c, payment } = await paidCustomer('PD', 3);
    const chosen = await enrolDevice(rt, c, { deviceName: 'Refunded tablet' });
    const body = { id: payment.id, refundQty: 1, refundDevices: [chosen.deviceId] };
    const data = (await refund(body)).data().data;
    const mail = await rt.smtp.waitFor(c.email, (m) => m.subject.includes('your refund for'));
    const amount = `€${data.refundAmount.toFixed(2)}`;
    expect(mail.subject).toBe(`${rt.ctx.config.productName}: your refund for ${payment.productName}`);
    expect(mail.text).toContain(`We have refunded ${amount} for 1 licence of ${payment.productName}.`);
    expect(mail.text).toContain('1 device that used these licences was logged out.');
    expect((await refund(body)).data().data).toMatchObject({ refundId: data.refundId, replayed: true });
    // Every job the replay queued has run (a second email would be in the inbox by then).
    await rt.settle();
    expect(rt.smtp.inbox.filter((m) => m.to.includes(c.email) && m.subject.includes('your refund'))).toHaveLength(1);
  });

  it('refuses more seats than remain, a different subscription amount, and a higher one-time amount', async () => {
    const { payment } = await paidCustomer('PD', 2);
    const tooMany = await refund({ id: payment.id, refundQty: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.error()).toMatchObject({ code: 'E_REFUND_NOT_ALLOWED' });
    expect(tooMany.error().respones_msg).toContain('Only 2 seat(s)');

    const figure = (await detail(payment.id, admin.token, 1)).data().data.proratedRefundAmount;
    const lower = await refund({ id: payment.id, refundQty: 1, refundAmount: figure - 1 });
    expect(lower.statusCode).toBe(400);
    expect(lower.error().code).toBe('E_REFUND_AMOUNT');
    // The server's figure itself is accepted.
    expect((await refund({ id: payment.id, refundQty: 1, refundAmount: figure })).statusCode).toBe(200);

    const one = await paidCustomer('PDOT', 3);
    const d = (await detail(one.payment.id, admin.token, 1)).data().data;
    expect(d.amountEditable).toBe(true);
    const higher = await refund({ id: one.payment.id, refundQty: 1, refundAmount: d.proratedRefundAmount + 0.01 });
    expect(higher.statusCode).toBe(400);
    expect(higher.error().code).toBe('E_REFUND_AMOUNT');
    const lowered = await refund({ id: one.payment.id, refundQty: 1, refundAmount: 5 });
    expect(lowered.data().data).toMatchObject({ refundAmount: 5, status: 'Partially refunded' });
    // What the sandbox recorded: the refund on the payment's intent.
    expect((await detail(one.payment.id)).data().data).toMatchObject({ refundedAmount: 5, seatsLeft: 2 });
  });

  it('refuses a refund after expiry (0 days left), offline payments, failed payments and unknown ids', async () => {
    const c = await newCustomer(rt);
    const expired = await buy(rt, c, 'PD', 2, { expiresAt: daysFromNow(-1) });
    await rt.ctx.db
      .update(payments)
      .set({ expiryAt: daysFromNow(-1) })
      .where(eq(payments.id, expired.payment.id));
    const d = (await detail(expired.payment.id)).data().data;
    expect(d).toMatchObject({ remainingDays: 0, proratedRefundAmount: 0, refundable: false, seatsLeft: 0 });
    const res = await refund({ id: expired.payment.id, refundQty: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.error().code).toBe('E_REFUND_NOT_ALLOWED');

    const offline = await buy(rt, c, 'UB', 2);
    await rt.ctx.db
      .update(payments)
      .set({ isOfflinePayment: true, provider: 'offline' })
      .where(eq(payments.id, offline.payment.id));
    expect((await refund({ id: offline.payment.id, refundQty: 1 })).error().code).toBe('E_REFUND_NOT_ALLOWED');

    const failed = await buy(rt, c, 'PD', 2, { status: 'Failed' });
    expect((await refund({ id: failed.payment.id, refundQty: 1 })).error().code).toBe('E_REFUND_NOT_ALLOWED');

    const unknown = await refund({ id: crypto.randomUUID(), refundQty: 1 });
    expect(unknown.statusCode).toBe(404);
    expect((await detail(crypto.randomUUID())).statusCode).toBe(404);
  });

  it('bad inputs answer 400 E_VALIDATION', async () => {
    const { payment } = await paidCustomer('PD', 2);
    for (const body of [
      {},
      { id: 'not-a-uuid', refundQty: 1 },
      { id: payment.id, refundQty: 0 },
      { id: payment.id, refundQty: 1.5 },
      { id: payment.id, refundQty: 1, refundAmount: -1 },
      { id: payment.id, refundQty: 1, refundDevices: ['x'] },
    ]) {
      const res = await refund(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().code).toBe('E_VALIDATION');
    }
    // Devices: more than the seats refunded, or not this customer's enrolled devices of the product.
    const other = await paidCustomer('PD', 1);
    const foreign = await enrolDevice(rt, other.c);
    const res = await refund({ id: payment.id, refundQty: 1, refundDevices: [foreign.deviceId] });
    expect(res.statusCode).toBe(400);
    expect(res.error().code).toBe('E_VALIDATION');
    expect((await detail('nope')).statusCode).toBe(400);
  });

  it('logs out the newest devices when more devices than seats are left', async () => {
    const { c, payment, oldest, middle, newest } = await threeSeatsThreeDevices();
    // 2 seats refunded, one device chosen (the middle one): 1 seat left for 2 devices → the newest goes too.
    const res = await refund({ id: payment.id, refundQty: 2, refundDevices: [middle.deviceId] });
    expect(res.data().data.devicesLoggedOut).toEqual([middle.deviceId, newest.deviceId]);
    expect(await purchased(c, 'PD')).toMatchObject({ purchased: 1, used: 1 });
    const live = await rt.ctx.db.select().from(devices).where(eq(devices.customerId, c.id));
    expect(live.filter((d) => !d.loggedOutAt).map((d) => d.id)).toEqual([oldest.deviceId]);
  });

  it('one-time: refunds exactly the amount typed, up to what remains paid, then the remaining seats (issue 22)', async () => {
    const { payment } = await paidCustomer('PDOT', 3);
    // Bought a year ago: the prorated figure is below what was paid, and no longer the most that may be refunded.
    await rt.ctx.db
      .update(licenceGrants)
      .set({ startsAt: daysFromNow(-365) })
      .where(eq(licenceGrants.paymentId, payment.id));
    const paid = Math.round(Number(payment.totalAmount) * 100);
    const two = (await detail(payment.id, admin.token, 2)).data().data;
    expect(two).toMatchObject({
      amountEditable: true,
      refundQty: 2,
      maxRefundAmount: Math.floor((paid * 2) / 3) / 100,
    });
    expect(two.proratedRefundAmount).toBeLessThan(two.maxRefundAmount);

    // Over the cap: a 400 naming it; nothing refunded.
    const over = await refund({ id: payment.id, refundQty: 2, refundAmount: two.maxRefundAmount + 0.01 });
    expect(over.statusCode).toBe(400);
    expect(over.error().code).toBe('E_REFUND_AMOUNT');
    expect(over.error().respones_msg).toContain(`€${two.maxRefundAmount.toFixed(2)}`);
    // More than two decimals is refused, not rounded.
    const fraction = await refund({ id: payment.id, refundQty: 2, refundAmount: 10.005 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.error().code).toBe('E_VALIDATION');

    // The amount typed, above the prorated figure: exactly that is refunded and recorded.
    const typed = Math.floor(two.maxRefundAmount * 0.9 * 100) / 100;
    const first = await refund({ id: payment.id, refundQty: 2, refundAmount: typed });
    expect(first.statusCode).toBe(200);
    expect(first.data().data).toMatchObject({ refundAmount: typed, refundQty: 2, status: 'Partially refunded' });
    const after = (await detail(payment.id)).data().data;
    expect(after).toMatchObject({ refundedAmount: typed, refundedQty: 2, seatsLeft: 1, refundQty: 1 });
    // The last seat may take all that remains paid, and no more.
    const rest = (paid - Math.round(typed * 100)) / 100;
    expect(after.maxRefundAmount).toBeCloseTo(rest, 2);
    const second = await refund({ id: payment.id, refundQty: 1, refundAmount: after.maxRefundAmount });
    expect(second.statusCode).toBe(200);
    expect(second.data().data).toMatchObject({ refundAmount: after.maxRefundAmount, status: 'Refunded' });
    expect((await detail(payment.id)).data().data).toMatchObject({
      refundedAmount: Number(payment.totalAmount),
      refundedQty: 3,
      seatsLeft: 0,
    });
    const rows = await rt.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(rows.map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual(
      [typed, after.maxRefundAmount].sort((a, b) => a - b),
    );
  });

  it("detail names every device a refund would log out; those logouts are not the customer's deleted devices", async () => {
    const { c, payment, oldest, middle, newest } = await threeSeatsThreeDevices();
    const preview = (refundQty: number, refundDevices: string[]) =>
      call(rt, staffApi.paymentDetail, {
        token: admin.token,
        query: { id: payment.id, refundQty, refundDevices: refundDevices.join(',') },
      });

    // One seat, none chosen: 3 devices on 2 seats → the newest goes.
    expect((await preview(1, [])).data().data.devicesToLogOut).toEqual([
      { _id: newest.deviceId, deviceName: 'Newest', serialNumber: newest.serialNumber, chosen: false },
    ]);
    // Two seats, the oldest chosen: 2 devices left on 1 seat → the newest too.
    const two = (await preview(2, [oldest.deviceId])).data().data;
    expect(two.devicesToLogOut.map((d) => [d._id, d.chosen])).toEqual([
      [oldest.deviceId, true],
      [newest.deviceId, false],
    ]);
    // The refund logs out exactly those.
    const res = await refund({ id: payment.id, refundQty: 2, refundDevices: [oldest.deviceId] });
    expect(res.data().data.devicesLoggedOut).toEqual(two.devicesToLogOut.map((d) => d._id));

    // The staff audit page does not count them as deleted devices; a logout by the customer still counts.
    const superAdmin = await newStaff(rt, 'SuperAdmin');
    const deleted = async () =>
      (await call(rt, staffApi.auditList, { token: superAdmin.token, query: { email: c.email } })).data().data[0]!
        .deletedDevices;
    expect(await deleted()).toBe(0);
    await rt.ctx.db.transaction((tx) =>
      logOutDevicesInTransaction(tx, c.id, [middle.deviceId], { kind: 'customer', id: c.id, ip: null }),
    );
    expect(await deleted()).toBe(1);
  });

  it('a renewal payment (no grant of its own) refunds seats of its subscription, at most its own quantity', async () => {
    const { c, payment } = await paidCustomer('PD', 3);
    const [sub] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
    await renewSandboxSubscription(rt.ctx, sub!.id);
    const [renewal] = await rt.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.customerId, c.id), eq(payments.subscriptionReason, 'subscription_cycle')));
    expect(renewal).toMatchObject({ status: 'Success', qty: 3 });
    const d = (await detail(renewal!.id)).data().data;
    expect(d).toMatchObject({ seatsLeft: 3, refundable: true });

    const res = await refund({ id: renewal!.id, refundQty: 2 });
    expect(res.data().data).toMatchObject({ status: 'Partially refunded', refundQty: 2 });
    expect(await purchased(c, 'PD')).toMatchObject({ purchased: 1 });
    expect((await grantOf(payment.id)).seats).toBe(1);
    const [after] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(after!.quantity).toBe(1);
    expect((await detail(renewal!.id)).data().data.seatsLeft).toBe(1);
    const last = await refund({ id: renewal!.id, refundQty: 1 });
    expect(last.data().data.status).toBe('Refunded');
    expect(await purchased(c, 'PD')).toMatchObject({ purchased: 0 });
  });

  it('Support is refused (403); no token 401', async () => {
    const { payment } = await paidCustomer('PD', 1);
    const support = await newStaff(rt, 'Support');
    expect((await detail(payment.id, support.token)).statusCode).toBe(403);
    const res = await refund({ id: payment.id, refundQty: 1 }, { token: support.token });
    expect(res.statusCode).toBe(403);
    expect(res.error().code).toBe('E_FORBIDDEN');
    expect((await call(rt, staffApi.paymentDetail, { query: { id: payment.id } })).statusCode).toBe(401);
    const root = await newStaff(rt, 'SuperAdmin');
    expect((await detail(payment.id, root.token)).statusCode).toBe(200);
  });
});

describe('refunds and disputes made at the provider (sandbox events)', () => {
  it('charge.refunded from the dashboard revokes seats by proportion, once per event', async () => {
    const { c, payment } = await paidCustomer('PD', 4);
    await enrolDevice(rt, c);
    const paid = Math.round(Number(payment.totalAmount) * 100);
    // Half the money back → 2 of 4 seats.
    await emitSandboxChargeEvent(rt.ctx, { paymentId: payment.id, type: 'charge.refunded', amountCents: paid / 2 });
    expect(await purchased(c, 'PD')).toMatchObject({ purchased: 2, used: 1 });
    const [row] = await rt.ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'Partially refunded', refundBy: 'Stripe' });
    const refunds = await rt.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(refunds).toMatchObject([{ source: 'provider_refund', qty: 2, status: 'succeeded' }]);

    // A staff refund of the rest, then the event Stripe sends for it: nothing more is taken.
    const staff = await refund({ id: payment.id, refundQty: 2 });
    expect(staff.data().data.status).toBe('Refunded');
    await emitSandboxChargeEvent(rt.ctx, { paymentId: payment.id, type: 'charge.refunded', amountCents: 0 });
    expect(await rt.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))).toHaveLength(
      2,
    );
    expect(await purchased(c, 'PD')).toMatchObject({ purchased: 0, used: 0 });
  });

  it('a dispute revokes every seat of the payment and logs the devices out; won reinstates the money, not the seats', async () => {
    const { c, payment } = await paidCustomer('UBOT', 2);
    const device = await enrolDevice(rt, c, { appName: 'UBOT' });
    const paid = Math.round(Number(payment.totalAmount) * 100);
    await emitSandboxChargeEvent(rt.ctx, {
      paymentId: payment.id,
      type: 'charge.dispute.created',
      amountCents: paid,
      disputeId: `dp_${payment.id.slice(0, 8)}`,
    });
    expect(await purchased(c, 'UB')).toMatchObject({ purchased: 0, used: 0 });
    expect((await call(rt, policyApi.policy, { token: device.auth })).statusCode).toBe(401);
    const [row] = await rt.ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'Refunded', refundBy: 'Stripe dispute' });

    await emitSandboxChargeEvent(rt.ctx, {
      paymentId: payment.id,
      type: 'charge.dispute.closed',
      amountCents: paid,
      disputeId: `dp_${payment.id.slice(0, 8)}`,
      disputeStatus: 'won',
    });
    const d = (await detail(payment.id)).data().data;
    expect(d).toMatchObject({ refundedAmount: 0, seatsLeft: 0 });
    expect(await purchased(c, 'UB')).toMatchObject({ purchased: 0 });
  });
});
