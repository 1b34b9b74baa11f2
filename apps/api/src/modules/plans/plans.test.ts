import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PLAN_CODES,
  type DownloadSdkResponse,
  type Plan,
  type PlansResponse,
  type PriceDetailResponse,
  plansApi,
  qrApi,
} from '@fleetdeck/contract';
import { paymentMethods, plans } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { call } from '../../../test/support/call.ts';
import { decodeQr, jsonOf } from '../../../test/support/helpers.ts';
import { buy, daysFromNow, planOf, subscribe } from '../../../test/support/ledger.ts';

let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

/** The saved Visa …4242 `pmId` of a customer, their default unless `more` says otherwise (`detachedAt`, `isDefault`). */
const visa4242 = (customerId: string, pmId: string, more: Partial<typeof paymentMethods.$inferInsert> = {}) => ({
  customerId,
  provider: 'sandbox' as const,
  providerPmId: pmId,
  card: { brand: 'visa', country: 'US', exp_month: 12, exp_year: 2030, last4: '4242' },
  isDefault: true,
  ...more,
});

async function planList(token: string) {
  const res = await call(rt, plansApi.list, { token });
  expect(res.statusCode).toBe(200);
  const { recurringPriceList, oneTimePriceList } = jsonOf<PlansResponse>(res).data;
  const all = [...recurringPriceList, ...oneTimePriceList];
  return { recurringPriceList, oneTimePriceList, of: (id: string) => all.find((p) => p.identifier === id)! };
}

describe('GET payments/plans', () => {
  it('answers 401 without a token', async () => {
    const res = await call(rt, plansApi.list);
    expect(res.statusCode).toBe(401);
    expect(jsonOf(res)).toMatchObject({ is_logout: 1 });
  });

  it('lists the 15 plans split by type, in family order, with numeric amounts and no seats yet', async () => {
    const c = await newCustomer(rt);
    const { recurringPriceList, oneTimePriceList } = await planList(c.token);
    expect(recurringPriceList.map((p) => p.identifier)).toEqual(['PD', 'PDOW', 'SL', 'PC', 'UB', 'KM', 'POB', 'PCHAT']);
    expect(oneTimePriceList.map((p) => p.identifier)).toEqual([
      'PDOT',
      'PDOWOT',
      'SLOT',
      'PCOT',
      'UBOT',
      'KMOT',
      'POBOT',
    ]);
    const all = [...recurringPriceList, ...oneTimePriceList];
    expect(all.map((p) => p.identifier).sort()).toEqual([...PLAN_CODES].sort());
    expect(recurringPriceList.every((p) => p.type === 'recurring' && p.interval === 'year')).toBe(true);
    expect(oneTimePriceList.every((p) => p.type === 'one_time' && p.intervalCount === 3)).toBe(true);
    const pd = all.find((p) => p.identifier === 'PD')!;
    expect(pd).toMatchObject({ amount: 29.99, currency: 'eur', name: 'Fleetdeck Subscription', family: 'PD' });
    expect(typeof pd.amount).toBe('number');
    for (const p of all) {
      expect(p).toMatchObject({ totalPurchasedDevices: 0, expiry: null, subscriptionDetail: null, status: 'Active' });
    }
  });

  it('hides Inactive plans', async () => {
    const c = await newCustomer(rt);
    await rt.ctx.db.update(plans).set({ status: 'Inactive' }).where(eq(plans.identifier, 'KMOT'));
    try {
      const { oneTimePriceList } = await planList(c.token);
      expect(oneTimePriceList.map((p) => p.identifier)).not.toContain('KMOT');
      expect(oneTimePriceList).toHaveLength(6);
    } finally {
      await rt.ctx.db.update(plans).set({ status: 'Active' }).where(eq(plans.identifier, 'KMOT'));
    }
  });

  it("counts each plan's unexpired, unrefunded seats and its latest expiry; the subscription on recurring plans", async () => {
    const c = await newCustomer(rt);
    const db = rt.ctx.db;
    const later = daysFromNow(300);
    const latest = daysFromNow(360);
    const sub = await subscribe(db, c.id, 'PD', 5);
    await buy(db, c.id, 'PD', 2, { expiresAt: later, subscriptionId: sub.id });
    await buy(db, c.id, 'PD', 3, { expiresAt: latest, subscriptionId: sub.id });
    await buy(db, c.id, 'PD', 40, { expiresAt: daysFromNow(-2) });
    await buy(db, c.id, 'PD', 50, { revokedAt: new Date(), expiresAt: daysFromNow(400) });
    await buy(db, c.id, 'PDOT', 4);
    await buy(db, c.id, 'PC', 9, { status: 'Failed' });
    await subscribe(db, c.id, 'UB', 1, 'canceled');

    const list = await planList(c.token);
    const pd = list.of('PD');
    expect(pd.totalPurchasedDevices).toBe(5);
    expect(pd.expiry).toBe(latest.toISOString());
    expect(pd.subscriptionDetail).toMatchObject({
      _id: sub.id,
      priceId: 'PD',
      family: 'PD',
      quantity: 5,
      status: 'active',
      coupon: null,
      paymentMethod: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    });
    expect(list.of('PDOT')).toMatchObject({ totalPurchasedDevices: 4, subscriptionDetail: null });
    expect(list.of('PDOT').expiry).not.toBeNull();
    expect(list.of('PC')).toMatchObject({ totalPurchasedDevices: 0, expiry: null });
    expect(list.of('UB').subscriptionDetail).toBeNull();

    const stranger = await newCustomer(rt);
    const theirs = await planList(stranger.token);
    expect(theirs.of('PD')).toMatchObject({ totalPurchasedDevices: 0, expiry: null, subscriptionDetail: null });
    expect(theirs.of('PDOT').totalPurchasedDevices).toBe(0);
  });
});

describe('GET payments/price/detail', () => {
  it('finds a plan by _id and by identifier in any case, with the default card and the email', async () => {
    const c = await newCustomer(rt);
    const db = rt.ctx.db;
    await buy(db, c.id, 'PDOT', 6);
    await db.insert(paymentMethods).values([
      {
        customerId: c.id,
        provider: 'sandbox',
        providerPmId: `pm_other_${c.id}`,
        card: { brand: 'mastercard', country: 'DE', exp_month: 1, exp_year: 2031, last4: '4444' },
      },
      visa4242(c.id, `pm_default_${c.id}`),
    ]);
    const pdot = await planOf(db, 'PDOT');
    for (const id of [pdot.id, 'PDOT', 'pdot', 'PdOt']) {
      const res = await call(rt, plansApi.priceDetail, { query: { id }, token: c.token });
      expect(res.statusCode).toBe(200);
      const body = jsonOf<PriceDetailResponse>(res);
      expect(body.data).toMatchObject({ _id: pdot.id, identifier: 'PDOT', amount: 69.99, totalPurchasedDevices: 6 });
      expect(body.defaultPaymentMethodDetail).toEqual({
        id: `pm_default_${c.id}`,
        type: 'card',
        card: { brand: 'visa', country: 'US', exp_month: 12, exp_year: 2030, last4: '4242' },
        paypal: null,
        isDefault: true,
      });
      expect(body.userDetail).toEqual({ email: c.email });
    }
  });

  it('has no default method when none is set or the default one is detached', async () => {
    const c = await newCustomer(rt);
    await rt.ctx.db.insert(paymentMethods).values(visa4242(c.id, `pm_gone_${c.id}`, { detachedAt: new Date() }));
    const body = jsonOf<PriceDetailResponse>(
      await call(rt, plansApi.priceDetail, { query: { id: 'PD' }, token: c.token }),
    );
    expect(body.defaultPaymentMethodDetail).toBeNull();
    expect(body.data.identifier).toBe('PD');
  });

  it('answers 404 E_PLAN_NOT_FOUND for an unknown id, 400 without one, 401 without a token', async () => {
    const c = await newCustomer(rt);
    for (const id of ['NOPE', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(rt, plansApi.priceDetail, { query: { id }, token: c.token });
      expect(res.statusCode).toBe(404);
      expect(jsonOf(res)).toMatchObject({ code: 'E_PLAN_NOT_FOUND' });
    }
    expect((await call(rt, plansApi.priceDetail, { token: c.token })).statusCode).toBe(400);
    expect((await call(rt, plansApi.priceDetail, { query: { id: 'PD' } })).statusCode).toBe(401);
  });

  it("does not show one customer's seats or card to another", async () => {
    const owner = await newCustomer(rt);
    const stranger = await newCustomer(rt);
    await buy(rt.ctx.db, owner.id, 'SL', 8);
    await rt.ctx.db.insert(paymentMethods).values(visa4242(owner.id, `pm_owner_${owner.id}`));
    const body = jsonOf<PriceDetailResponse>(
      await call(rt, plansApi.priceDetail, { query: { id: 'SL' }, token: stranger.token }),
    );
    expect(body.data.totalPurchasedDevices).toBe(0);
    expect(body.defaultPaymentMethodDetail).toBeNull();
    expect(body.userDetail.email).toBe(stranger.email);
  });
});

describe('GET /api/v1/pricing (public)', () => {
  it('lists the Active plans without a session and without customer data', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'PD', 3);
    const res = await call(rt, plansApi.pricing);
    expect(res.statusCode).toBe(200);
    const { recurringPriceList, oneTimePriceList } = jsonOf<PlansResponse>(res).data;
    expect(recurringPriceList).toHaveLength(8);
    expect(oneTimePriceList).toHaveLength(7);
    expect(recurringPriceList[0]?.identifier).toBe('PD');
    const all: Plan[] = [...recurringPriceList, ...oneTimePriceList];
    expect(all.every((p) => p.totalPurchasedDevices === 0 && p.expiry === null && p.subscriptionDetail === null)).toBe(
      true,
    );
  });
});

describe('GET users/download/sdk and the APK QR codes', () => {
  const keys = [
    ['pdPriceDetail', 'PD'],
    ['pdowPriceDetail', 'PDOW'],
    ['slPriceDetail', 'SL'],
    ['pcPriceDetail', 'PC'],
    ['ubPriceDetail', 'UB'],
    ['kmPriceDetail', 'KM'],
    ['pobPriceDetail', 'POB'],
    ['powerChatPriceDetail', 'PCHAT'],
  ] as const;

  it('answers 401 without a token', async () => {
    expect((await call(rt, plansApi.downloadSdk, { query: { appName: 'PD' } })).statusCode).toBe(401);
  });

  it('gives each published app its link and a QR PNG that decodes to it; an unpublished app neither', async () => {
    const c = await newCustomer(rt);
    const custom = 'https://downloads.example.com/apps/power-cleaner-4.2.apk';
    await rt.ctx.db.update(plans).set({ apkLink: custom }).where(eq(plans.identifier, 'PC'));
    try {
      const res = await call(rt, plansApi.downloadSdk, { query: { appName: 'PD' }, token: c.token });
      expect(res.statusCode).toBe(200);
      const body = jsonOf<DownloadSdkResponse>(res);
      for (const [key, family] of keys) {
        const detail = body.data[key];
        expect(body[key]).toEqual(detail);
        if (family !== 'PC') {
          // Not published: no link back to the console (a phone would land on a login), no QR code.
          expect(detail).toEqual({ apkLink: '', apkLinkQrCode: '', version: null });
          const missing = await call(rt, qrApi.apkPng, { params: { file: `${family}.png` } });
          expect(missing.statusCode).toBe(404);
          continue;
        }
        expect(detail.apkLink).toBe(custom);
        // An external link: nothing is known of the file behind it.
        expect(detail.version).toBeNull();
        expect(detail.apkLinkQrCode).toBe(`http://localhost:3000/api/v1/qr/apk/${family}.png`);
        // no token: <img> loads it
        const png = await rt.app.inject({ method: 'GET', url: new URL(detail.apkLinkQrCode).pathname });
        expect(png.statusCode).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        expect(decodeQr(png.rawPayload)).toBe(detail.apkLink);
      }
    } finally {
      await rt.ctx.db.update(plans).set({ apkLink: '' }).where(eq(plans.identifier, 'PC'));
    }
  });

  it('answers 404 for the QR code of an unknown app', async () => {
    expect((await call(rt, qrApi.apkPng, { params: { file: 'XX.png' } })).statusCode).toBe(404);
    expect((await call(rt, qrApi.apkPng, { params: { file: 'pd.png' } })).statusCode).toBe(400);
  });
});
