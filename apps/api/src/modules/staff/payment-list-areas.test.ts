import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { publicApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { coupons, customerPaymentStats, customers, paymentErrors, payments, plans } from '../../db/schema.ts';
import { csvCell, csvLine, keysetBatches } from '../../lib/csv-export.ts';
import { paymentHistoryBatch, paymentWhere, type PaymentExportRow } from './payment-history/repository.ts';
import type { After } from './shared/payments-repository.ts';
import { PAYMENT_HISTORY_CSV, isoOfUtcText, paymentHistoryCsv } from './payment-history/service.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newStaff, type TestCustomer, type TestStaff } from '../../../test/support/factory.ts';
import { card, checkout, confirm } from '../../../test/support/payments.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';

let rt: TestRuntime;
let root: TestStaff;
let support: TestStaff;
let paying: TestCustomer; // Success and Failed payments, a coupon
let failing: TestCustomer; // only Failed payments (a "0 Success Payments" customer)
let offline: TestCustomer; // an offline sale expiring soon

const DAY = 86_400_000;
const now = Date.now();
const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function payment(
  customer: TestCustomer,
  plan: string,
  values: Partial<typeof payments.$inferInsert> & { createdAt: Date },
) {
  const [p] = await rt.ctx.db.select().from(plans).where(eq(plans.identifier, plan));
  const [row] = await rt.ctx.db
    .insert(payments)
    .values({
      customerId: customer.id,
      planId: p!.id,
      planIdentifier: p!.identifier,
      family: p!.family,
      productName: p!.name,
      subscriptionType: p!.type,
      subscriptionReason: p!.type === 'recurring' ? 'subscription_create' : 'onetime',
      qty: 2,
      unitAmount: '10.00',
      totalAmount: '20.00',
      provider: 'sandbox',
      status: 'Success',
      paymentMethod: { type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } },
      ...values,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  root = await newStaff(rt, 'SuperAdmin');
  support = await newStaff(rt, 'Support');
  [paying, failing, offline] = await Promise.all([
    newCustomer(rt, { name: 'Paying Person' }),
    newCustomer(rt, { name: '=HYPERLINK("http://evil.example","x")' }),
    newCustomer(rt, { name: 'Offline Buyer' }),
  ]);
  // Phone numbers (DECISIONS §14): one stored in E.164, one stored before it as a national number beside its dial code.
  await rt.ctx.db
    .update(customers)
    .set({ phoneNumber: '+447700900123', countryCode: '+44' })
    .where(eq(customers.id, paying.id));
  await rt.ctx.db
    .update(customers)
    .set({ phoneNumber: '7700 900124', countryCode: '+44' })
    .where(eq(customers.id, failing.id));
  await payment(paying, 'PD', { createdAt: at(1), couponCode: 'SPRING10', expiryAt: new Date(now + 300 * DAY) });
  await payment(paying, 'PD', {
    createdAt: at(2),
    status: 'Failed',
    message: 'Your card was declined.',
    errorCode: 'card_declined',
    paymentMethod: { type: 'card', card: { brand: 'visa', last4: '0002', wallet: { type: 'google_pay' } } },
  });
  await payment(paying, 'UBOT', { createdAt: at(3), paymentMethod: { type: 'paypal' } });
  await payment(failing, 'PC', {
    createdAt: at(4),
    status: 'Failed',
    message: 'Your card has insufficient funds.',
    errorCode: 'insufficient_funds',
  });
  await payment(failing, 'PC', {
    createdAt: at(5),
    status: 'Failed',
    message: 'Declined',
    errorCode: 'generic_decline',
  });
  await payment(offline, 'UB', {
    createdAt: at(6),
    provider: 'offline',
    isOfflinePayment: true,
    paymentMethod: null,
    expiryAt: new Date(now + 10 * DAY),
  });
  // Expired and far-away expiries stay out of the upcoming list.
  await payment(offline, 'KM', { createdAt: at(7), expiryAt: new Date(now - DAY) });
  await payment(offline, 'KM', { createdAt: at(8), expiryAt: new Date(now + 40 * DAY) });
  await payment(paying, 'PD', { createdAt: at(9), couponCode: 'SPRING10', expiryAt: new Date(now + 5 * DAY) });
});
afterAll(async () => rt?.close());

const history = (query: Record<string, unknown> = {}, token = root.token) =>
  call(rt, staffApi.paymentHistory, { token, query });

describe('payments/history', () => {
  it('answers the spec 3 payment record, newest first, with the plans of the Product filter', async () => {
    const res = (await history()).data();
    expect(res.pagination).toMatchObject({ total: 9, totalCapped: false, page: 1, limit: 25, nextCursor: null });
    expect(res.data.map((r) => r.created_at)).toEqual([...res.data.map((r) => r.created_at)].sort().reverse());
    const failed = res.data.find((r) => r.paymentIntent.last_payment_error?.code === 'card_declined')!;
    expect(failed).toMatchObject({
      productName: expect.any(String),
      email: paying.email,
      subscriptionType: 'recurring',
      subscriptionReason: 'subscription_create',
      qty: 2,
      totalAmount: 20,
      status: 'Failed',
      message: 'Your card was declined.',
      paymentMethod: { type: 'card', card: { brand: 'visa', last4: '0002', wallet: { type: 'google_pay' } } },
      failedEmailFollowupCount: 0,
      userId: { _id: paying.id, email: paying.email, name: 'Paying Person', whatsappRedirectCount: 0 },
      priceId: { identifier: 'PD' },
      refundBy: null,
      isOfflinePayment: false,
    });
    expect(res.pricing.map((p) => p.identifier)).toEqual(expect.arrayContaining(['PD', 'UBOT', 'PC']));
  });

  it('applies every filter', async () => {
    const ids = async (query: Record<string, unknown>) =>
      (await history(query)).data().data.map((r) => `${r.priceId.identifier}:${r.status}:${r.userId.name[0]}`);
    expect(await ids({ status: 'Failed' })).toHaveLength(3);
    expect(await ids({ status: 'Success', subscriptionType: 'one_time' })).toEqual(['UBOT:Success:P']);
    expect(await ids({ paymentMethodType: 'google_pay' })).toEqual(['PD:Failed:P']);
    expect(await ids({ paymentMethodType: 'paypal' })).toEqual(['UBOT:Success:P']);
    // A card paid through a wallet is not a plain card.
    expect(await ids({ paymentMethodType: 'card', email: paying.email })).toEqual(['PD:Success:P', 'PD:Success:P']);
    expect(await ids({ email: paying.email.toUpperCase() })).toHaveLength(4);
    expect(await ids({ email: 'nobody@example.com' })).toEqual([]);
    expect(await ids({ priceId: 'pc' })).toHaveLength(2);
    expect(await ids({ zeroSuccessPayment: 'true' })).toEqual(['PC:Failed:=', 'PC:Failed:=']);
    expect(await ids({ coupon: 'spring10' })).toEqual(['PD:Success:P', 'PD:Success:P']);
    expect(await ids({ from_date: isoDay(at(3)), to_date: isoDay(at(2)) })).toEqual(['PD:Failed:P', 'UBOT:Success:P']);
    expect(await ids({ from_date: isoDay(at(1)) })).toEqual(['PD:Success:P']);
    expect(await ids({ status: 'All', subscriptionType: 'All', paymentMethodType: 'All', email: '' })).toHaveLength(9);
  });

  it('pages by cursor without repeating or skipping rows', async () => {
    const first = (await history({ limit: 5 })).data();
    expect(first.data).toHaveLength(5);
    expect(first.pagination.total).toBe(9);
    const second = (await history({ limit: 5, cursor: first.pagination.nextCursor })).data();
    expect(second.data).toHaveLength(4);
    expect(second.pagination.nextCursor).toBeNull();
    const all = [...first.data, ...second.data].map((r) => r._id);
    expect(new Set(all).size).toBe(9);
    const byPage = (await history({ limit: 5, page: 2 })).data();
    expect(byPage.data.map((r) => r._id)).toEqual(second.data.map((r) => r._id));
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const query of [
      { status: 'Pending' },
      { subscriptionType: 'weekly' },
      { paymentMethodType: 'cash' },
      { limit: 7 },
      { from_date: '2026-13-01' },
      { from_date: '2026-03-02', to_date: '2026-03-01' },
      { priceId: 'PD; drop table' },
      { zeroSuccessPayment: 'yes' },
      { cursor: 'bm90LWEtY3Vyc29y' },
      { isExportData: 'maybe' },
    ]) {
      const res = await history(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.error().code).toBe('E_VALIDATION');
    }
  });

  it('is SuperAdmin only', async () => {
    expect((await history({}, support.token)).statusCode).toBe(403);
    expect((await history({}, paying.token)).statusCode).toBe(401);
    expect((await history({}, '')).statusCode).toBe(401);
  });

  it('exports payment-history.csv with every matching row, formulas guarded, or 404 No data to export', async () => {
    const res = await history({ isExportData: 'true', status: 'Failed' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payment-history.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      [
        ...['Name', 'Email', 'Phone Number', 'Product', 'Plan', 'Type', 'Reason', 'Qty', 'Payment Method'],
        ...['Amount (EUR)', 'Coupon', 'Status', 'Message', 'Error Code', 'Offline', 'Refund By'],
        ...['Failed Email Followups', 'WhatsApp Redirects', 'Expiry At', 'Created On', 'Refunded Amount'],
        ...['Refunded Qty', 'Refunded On', 'Payment ID', 'Invoice', 'Note'],
      ]
        .map((h) => `"${h}"`)
        .join(','),
    );
    expect(lines).toHaveLength(4);
    const evil = lines.find((l) => l.includes(failing.email))!;
    expect(evil.startsWith(`"'=HYPERLINK(""http://evil.example"",""x"")"`)).toBe(true);
    expect(evil).toContain('insufficient_funds');
    // The phone number with its country code (DECISIONS §14): E.164 as it is; an older number with its dial code.
    expect(evil).toContain(`,"${failing.email}","'+44 7700 900124",`);
    expect(lines.find((l) => l.includes('card_declined'))).toContain(',"google_pay","20.00",');
    expect(lines.find((l) => l.includes('card_declined'))).toContain(`,"${paying.email}","+447700900123",`);

    const none = await history({ isExportData: 'true', email: 'nobody@example.com' });
    expect(none.statusCode).toBe(404);
    expect(none.error()).toMatchObject({ code: 'E_NO_DATA', respones_msg: 'No data to export' });
  });
});

describe('payment-history.csv in keyset batches', () => {
  it('reads every row once across batch edges, ties on the time included, with the times as toISOString writes them', async () => {
    const c = await newCustomer(rt);
    const tie = new Date('2025-01-02T03:04:05.678Z');
    const made = [
      await payment(c, 'PD', { createdAt: tie }),
      await payment(c, 'PD', { createdAt: tie }),
      await payment(c, 'PD', { createdAt: tie }),
      await payment(c, 'PD', { createdAt: new Date('2025-01-02T03:04:05.000Z'), expiryAt: null }),
      await payment(c, 'UB', { createdAt: new Date('2025-01-02T03:04:05.670Z'), expiryAt: tie }),
    ];
    await rt.ctx.db.execute(sql`update payments set created_at = created_at + interval '9 microseconds'
                                where id = ${made[2]!.id}`);
    const filter = { email: c.email };
    const all = await paymentHistoryBatch(rt.ctx.db, filter, undefined, 100);
    expect(all).toHaveLength(5);
    for (const size of [1, 2, 3]) {
      const rows: PaymentExportRow[] = [];
      for await (const r of keysetBatches<PaymentExportRow, After>(
        (after, limit) => paymentHistoryBatch(rt.ctx.db, filter, after, limit),
        (r) => ({ at: r.createdAt, id: r.id }),
        size,
      ))
        rows.push(r);
      expect(
        rows.map((r) => r.id),
        `batches of ${size}`,
      ).toEqual(all.map((r) => r.id));
    }
    expect(all[0]!.id).toBe(made[2]!.id); // 9 µs later: the newest
    const byId = new Map(made.map((m) => [m.id, m]));
    for (const r of all.slice(1)) {
      const m = byId.get(r.id)!;
      expect(isoOfUtcText(r.createdAt)).toBe(m.createdAt.toISOString());
      expect(isoOfUtcText(r.expiryAt)).toBe(m.expiryAt ? m.expiryAt.toISOString() : '');
    }
    expect(isoOfUtcText('2025-01-02 03:04:05')).toBe('2025-01-02T03:04:05.000Z');
    expect(isoOfUtcText('2025-01-02 03:04:05.5')).toBe('2025-01-02T03:04:05.500Z');
    expect(isoOfUtcText('2025-01-02 03:04:05.123456')).toBe('2025-01-02T03:04:05.123Z');
  });
});

describe('payment-history.csv written by the database', () => {
  it('is byte for byte the file PAYMENT_HISTORY_CSV builds in JS, across batch edges, whatever the cells hold', async () => {
    const odd = [
      'Quote "me", please',
      'line\nbreak\r\nand CR\r',
      '-2+3',
      '@sum',
      '\tTab',
      '+15551234567',
      '+1 555 0100',
      'Zoë ٣٤ 𝄞',
      '=1+1,"x"',
      '',
    ];
    const phones: [string, string | null][] = [
      ['', '+44'],
      ['+33612345678', '+33'],
      ['612345678', null],
      ['612345678', ''],
      ['=612345678', '+1'],
      ['0612 345 678', '+33'],
      ['+1 (555) 0100', null],
      ['123', '=cmd'],
      ['٣٤٥٦٧٨٩٠١', '+9'],
      ['7700900123', '+44'],
    ];
    const made: string[] = [];
    for (const [i, name] of odd.entries()) {
      const c = await newCustomer(rt, { name: name === '' ? 'Blank later' : name });
      await rt.ctx.db
        .update(customers)
        .set({ phoneNumber: phones[i]![0], countryCode: phones[i]![1], ...(name === '' ? { name: '' } : {}) })
        .where(eq(customers.id, c.id));
      const p = await payment(c, i % 2 ? 'PD' : 'UB', {
        createdAt: new Date(Date.UTC(2024, 0, 1 + i, 12, 0, 0, i * 111)),
        status: i % 3 === 0 ? 'Failed' : 'Success',
        message: odd[(i + 3) % odd.length] || null,
        errorCode: i % 3 === 0 ? odd[(i + 1) % odd.length] : null,
        note: odd[(i + 5) % odd.length],
        refundBy: i % 2 ? odd[(i + 7) % odd.length] : null,
        invoiceNumber: i % 4 === 0 ? `INV-${i},"${i}"` : null,
        provider: i % 5 === 0 ? 'offline' : 'sandbox',
        providerRef: `pi_${i}`,
        isOfflinePayment: i % 5 === 0,
        refundedAmount: i % 2 ? '0.00' : '5.50',
        refundedQty: i % 2,
        refundedAt: i % 2 ? null : new Date(Date.UTC(2024, 1, 1 + i, 0, 0, 0, 500)),
        expiryAt: i % 3 === 1 ? null : new Date(Date.UTC(2025, 0, 1 + i, 23, 59, 59, 999)),
        paymentMethod: i % 2 ? { type: 'paypal' } : null,
      });
      made.push(p.id);
    }
    // Microseconds the JS side never sees (the database's text is cut to milliseconds, not rounded).
    await rt.ctx.db.execute(sql`update payments set created_at = created_at + interval '999 microseconds',
                                refunded_at = refunded_at + interval '123456 microseconds' where id = ${made[1]!}`);
    await rt.ctx.db.execute(
      sql`update payments set created_at = created_at + interval '1 microsecond' where id = ${made[2]!}`,
    );

    const rows = await paymentHistoryBatch(rt.ctx.db, {}, undefined, 100_000);
    const header = csvLine(PAYMENT_HISTORY_CSV.map((c) => c.header));
    const records = rows.map((r) => csvLine(PAYMENT_HISTORY_CSV.map((c) => csvCell(c.value(r)))));
    const res = await history({ isExportData: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(header + records.join(''));
    for (const size of [1, 2, 7]) {
      let text = '';
      for await (const batch of paymentHistoryCsv(rt.ctx, {}, size)) text += batch;
      expect(text, `batches of ${size}`).toBe(records.join(''));
    }
  });
});

describe('failed payment follow-ups', () => {
  it('payments/fail/email queues the apology and counts it on the customer’s failed rows', async () => {
    const content = 'Hello,\n\nWe are sorry your payment did not go through.\nCan we help?';
    const send = () =>
      call(rt, staffApi.failedPaymentEmail, { token: root.token, body: { email: failing.email, content } });
    expect((await send()).data().data.failedEmailFollowupCount).toBe(1);
    const mail = await rt.smtp.waitFor(failing.email, (m) => m.subject.includes('about your payment'));
    expect(mail.text).toMatch(/We are sorry your payment did not go through\.\r?\nCan we help\?/);
    expect((await send()).data().data.failedEmailFollowupCount).toBe(2);
    const rows = (await history({ email: failing.email })).data().data;
    expect(rows.map((r) => r.failedEmailFollowupCount)).toEqual([2, 2]);

    const unknown = await call(rt, staffApi.failedPaymentEmail, {
      token: root.token,
      body: { email: 'nobody@example.com', content },
    });
    expect(unknown.statusCode).toBe(404);
    const noFailure = await call(rt, staffApi.failedPaymentEmail, {
      token: root.token,
      body: { email: offline.email, content },
    });
    expect(noFailure.statusCode).toBe(409);
    for (const body of [{ email: failing.email, content: '   ' }, { email: failing.email }, { content }]) {
      expect((await call(rt, staffApi.failedPaymentEmail, { token: root.token, body })).statusCode).toBe(400);
    }
    expect(
      (await call(rt, staffApi.failedPaymentEmail, { token: support.token, body: { email: failing.email, content } }))
        .statusCode,
    ).toBe(403);
  });

  it('customers/updateWhatsappCount adds one to the customer’s counter', async () => {
    const bump = (id: string) => call(rt, staffApi.updateWhatsappCount, { token: root.token, body: { id } });
    expect((await bump(failing.id)).data().data.whatsappRedirectCount).toBe(1);
    expect((await bump(failing.id)).data().data.whatsappRedirectCount).toBe(2);
    const rows = (await history({ email: failing.email })).data().data;
    expect(rows[0]!.userId).toMatchObject({ whatsappRedirectCount: 2, phone_number: '+44 7700 900124' });
    // With its country code in every list (the WhatsApp link is made of its digits).
    const paid = (await history({ email: paying.email })).data().data;
    expect(paid[0]!.userId.phone_number).toBe('+447700900123');
    expect((await bump('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await bump('not-an-id')).statusCode).toBe(400);
  });
});

describe('payments/upcoming-expire-history', () => {
  const upcoming = (query: Record<string, unknown> = {}) =>
    call(rt, staffApi.upcomingExpireHistory, { token: root.token, query });

  it('lists Success payments expiring in the next 30 days, soonest first, with the offline switch and email', async () => {
    const all = (await upcoming()).data();
    expect(all.data.map((r) => r.priceId.identifier)).toEqual(['PD', 'UB']);
    expect(all.data[0]!.expiryAt! < all.data[1]!.expiryAt!).toBe(true);
    expect((await upcoming({ isOfflinePayment: 'true' })).data().data.map((r) => r.priceId.identifier)).toEqual(['UB']);
    expect((await upcoming({ isOfflinePayment: 'false' })).data().data.map((r) => r.priceId.identifier)).toEqual([
      'PD',
    ]);
    expect((await upcoming({ email: offline.email })).data().data).toHaveLength(1);
    const first = (await upcoming({ limit: 5 })).data();
    expect(first.pagination).toMatchObject({ total: 2, nextCursor: null });
    expect((await upcoming({ isOfflinePayment: 'on' })).statusCode).toBe(400);
    expect((await call(rt, staffApi.upcomingExpireHistory, { token: support.token })).statusCode).toBe(403);
  });
});

describe('payments/errors', () => {
  const errors = (query: Record<string, unknown> = {}, token = root.token) =>
    call(rt, staffApi.paymentErrors, { token, query });

  it('records a declined card in the same step as the Failed payment and lists it', async () => {
    const buyer = await newCustomer(rt);
    const data = await checkout(rt, buyer.token, { priceId: 'SLOT', qty: 1 });
    expect((await confirm(rt, data.clientSecret, card('4000000000000002'))).statusCode).toBe(402);
    const rows = (await errors({ email: buyer.email.toUpperCase() })).data().data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: buyer.email,
      message: 'Your card was declined.',
      code: 'card_declined',
      reqBody: { error: { code: 'card_declined', message: 'Your card was declined.' } },
    });
    // Support and Admin see payment errors (spec 3 §6).
    expect((await errors({}, support.token)).statusCode).toBe(200);
  });

  it('shows the billing name of an error without a customer, filters by date and pages 5 to 500', async () => {
    await rt.ctx.db.insert(paymentErrors).values([
      {
        email: null,
        billingName: 'Jane Card-Holder',
        code: 'expired_card',
        message: 'Your card has expired.',
        reqBody: {
          error: {
            code: 'expired_card',
            message: 'Your card has expired.',
            payment_method: { type: 'card', billing_details: { name: 'Jane Card-Holder' } },
          },
        },
        createdAt: at(40),
      },
    ]);
    const old = (await errors({ to_date: isoDay(at(30)) })).data().data;
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({
      email: null,
      reqBody: { error: { payment_method: { billing_details: { name: 'Jane Card-Holder' } } } },
    });
    expect((await errors({ from_date: isoDay(at(30)) })).data().data.every((r) => r.email !== null)).toBe(true);
    expect((await errors({ limit: 500 })).statusCode).toBe(200);
    expect((await errors({ limit: 5 })).statusCode).toBe(200);
    expect((await errors({ limit: 501 })).statusCode).toBe(400);
    expect((await errors({ limit: 7 })).statusCode).toBe(400);
    expect((await errors({ from_date: 'yesterday' })).statusCode).toBe(400);
    const all = (await errors({ limit: 5 })).data();
    expect(all.pagination.total).toBeGreaterThanOrEqual(2);
  });
});

describe('coupons and payment notes', () => {
  it('lists coupons with their Success payments and saves the payment notes shown to everyone', async () => {
    await rt.ctx.db.insert(coupons).values([
      { code: 'SPRING10', percentOff: '10' },
      { code: 'UNUSED5', percentOff: '5', active: false },
    ]);
    const list = (await call(rt, staffApi.coupons, { token: root.token })).data();
    const byId = Object.fromEntries(list.data.map((c) => [c.id, c]));
    expect(byId.SPRING10).toMatchObject({ totalPaymentCount: 2, percentOff: 10, active: true });
    expect(byId.UNUSED5).toMatchObject({ totalPaymentCount: 0, active: false });
    expect(list.paymentNotes).toEqual({ value: '' });

    const value = 'Prices include VAT.\r\nPay by bank transfer: <b>ask us</b>.';
    const saved = await call(rt, staffApi.saveSetting, { token: root.token, body: { key: 'paymentNotes', value } });
    expect(saved.data().data.value).toBe('Prices include VAT.\nPay by bank transfer: <b>ask us</b>.');
    expect((await call(rt, staffApi.coupons, { token: root.token })).data().paymentNotes.value).toBe(
      'Prices include VAT.\nPay by bank transfer: <b>ask us</b>.',
    );
    expect((await call(rt, publicApi.paymentNotes)).data().data.value).toContain('Prices include VAT.');

    for (const body of [
      { key: 'homeBanner', value: 'x' },
      { key: 'paymentNotes', value: 'x'.repeat(2001) },
      { key: 'paymentNotes' },
    ]) {
      expect((await call(rt, staffApi.saveSetting, { token: root.token, body })).statusCode).toBe(400);
    }
    expect(
      (await call(rt, staffApi.saveSetting, { token: support.token, body: { key: 'paymentNotes', value: 'x' } }))
        .statusCode,
    ).toBe(403);
    // Clearing the notes is allowed.
    expect(
      (await call(rt, staffApi.saveSetting, { token: root.token, body: { key: 'paymentNotes', value: '' } })).data()
        .data.value,
    ).toBe('');
  });
});

describe('indexes', () => {
  it('has an index for the history sort and each filter', async () => {
    const { rows } = await rt.ctx.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename in ('payments', 'payment_errors')`,
    );
    expect(rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining([
        'payments_created_idx',
        'payments_plan_created_idx',
        'payments_coupon_created_idx',
        'payments_method_created_idx',
        'payments_success_customer_idx',
        'payments_success_coupon_idx',
        'payments_success_expiry_idx',
        'payment_errors_created_idx',
        'payment_errors_email_created_idx',
      ]),
    );
  });
});

describe('"0 Success Payments" reads the payment-stats rollup (customer_payment_stats, kept by triggers)', () => {
  const statsOf = async (customerId: string) =>
    (await rt.ctx.db.select().from(customerPaymentStats).where(eq(customerPaymentStats.customerId, customerId)))[0];
  const zeroSuccessIds = async (email: string) =>
    (await history({ zeroSuccessPayment: 'true', email })).data().data.map((r) => r._id);
  /** The rollup equals a recount of the payments table for every customer. */
  const matchesRecount = async () => {
    const drift = await rt.ctx.db.execute(sql`
      select coalesce(s.customer_id, p.customer_id) as customer_id from customer_payment_stats s
      full join (select customer_id, count(*) filter (where status = 'Success')::int as success, count(*)::int as n
                 from payments group by 1) p on p.customer_id = s.customer_id
      where s.success_count is distinct from coalesce(p.success, 0) or s.payment_count is distinct from coalesce(p.n, 0)`);
    expect(drift.rows).toEqual([]);
  };

  it('follows a declined checkout, a success, a partial and a full refund, and a deletion', async () => {
    const c = await newCustomer(rt);
    const declined = await checkout(rt, c.token, { priceId: 'PD', qty: 2 });
    expect((await confirm(rt, declined.clientSecret, card('4000000000000002'))).statusCode).toBe(402);
    expect(await statsOf(c.id)).toMatchObject({ successCount: 0, paymentCount: 1 });
    expect(await zeroSuccessIds(c.email)).toEqual([declined.paymentId]);

    const paid = await checkout(rt, c.token, { priceId: 'PD', qty: 2 });
    expect((await confirm(rt, paid.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    expect(await statsOf(c.id)).toMatchObject({ successCount: 1, paymentCount: 2 });
    expect(await zeroSuccessIds(c.email)).toEqual([]);

    // Two refunds of one seat each (distinct keys: the same request twice would be one refund).
    const refund = (refundQty: number, key: string) =>
      call(rt, staffApi.paymentRefund, {
        token: root.token,
        body: { id: paid.paymentId, refundQty },
        headers: { 'idempotency-key': key },
      });
    // Partially refunded: no longer a Success payment (the filter's meaning of "Success" is the status).
    expect((await refund(1, 'first')).data().data.status).toBe('Partially refunded');
    expect(await statsOf(c.id)).toMatchObject({ successCount: 0, paymentCount: 2 });
    expect(await zeroSuccessIds(c.email)).toEqual([paid.paymentId, declined.paymentId]);
    expect((await refund(1, 'second')).data().data.status).toBe('Refunded');
    expect(await statsOf(c.id)).toMatchObject({ successCount: 0, paymentCount: 2 });

    // A status set back to Success (a dispute won, a correction) counts again; a deletion is taken off.
    await rt.ctx.db.update(payments).set({ status: 'Success' }).where(eq(payments.id, paid.paymentId));
    expect(await statsOf(c.id)).toMatchObject({ successCount: 1, paymentCount: 2 });
    expect(await zeroSuccessIds(c.email)).toEqual([]);
    await rt.ctx.db.delete(payments).where(eq(payments.id, paid.paymentId));
    expect(await statsOf(c.id)).toMatchObject({ successCount: 0, paymentCount: 1 });
    expect(await zeroSuccessIds(c.email)).toEqual([declined.paymentId]);
    await matchesRecount();
  });

  it('the filter and its capped count walk the rollup, not every payment (EXPLAIN)', async () => {
    const where = paymentWhere({ zeroSuccessPayment: true });
    const plan = await rt.ctx.db.execute(sql`explain select count(*) from ${payments} where ${where}`);
    const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toContain('customer_payment_stats');
    expect(text).not.toContain('SubPlan');
  });
});
