import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { paymentsApi, plansApi, publicApi } from '@fleetdeck/contract';
import { staffApi, type CurrencyRule } from '@fleetdeck/contract/staff';
import { auditEntries, coupons, currencyRules, fxRates } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import { newCustomer, newStaff, type TestStaff } from '../../../../test/support/factory.ts';
import { priceEditBody, priceOf } from '../../../../test/support/pricing.ts';
import { startTestRuntime, type TestRuntime } from '../../../../test/support/runtime.ts';
import { BUNDLED_RATES } from '../../pricing/bundled-rates.ts';
import { parseRatesTable } from '../../pricing/rates.ts';

/**
 * Multi currency (issue 11 item 3; spec 3 §7 `price/*currency*`, `price/country/lookup`, `price/currency/sync`;
 * DECISIONS §8 "Currency rules", §9 local prices on /pricing). The rates source of `FX_RATES_URL` is a real HTTP
 * server on loopback whose answer each test sets.
 */

let rt: TestRuntime;
let root: TestStaff;
let fx: http.Server;
let fxUrl: string;
let fxAnswer: { status: number; type: string; body: string } = { status: 200, type: 'application/json', body: '{}' };
const fxRequests: string[] = [];

beforeAll(async () => {
  fx = http.createServer((req, res) => {
    fxRequests.push(req.url ?? '');
    res.writeHead(fxAnswer.status, { 'content-type': fxAnswer.type });
    res.end(fxAnswer.body);
  });
  await new Promise<void>((resolve) => fx.listen(0, '127.0.0.1', resolve));
  fxUrl = `http://127.0.0.1:${(fx.address() as AddressInfo).port}/eurofxref-daily.xml`;
  // Behind a trusted proxy on loopback that names the visitor's country in `cf-ipcountry` (DECISIONS §8).
  rt = await startTestRuntime(inject('pgAdminUrl'), {
    env: { TRUST_PROXY: '127.0.0.1', COUNTRY_HEADER: 'cf-ipcountry' },
  });
  root = await newStaff(rt, 'SuperAdmin');
});
afterAll(async () => {
  await rt?.close();
  await new Promise((resolve) => fx?.close(resolve));
});

const config = () => rt.ctx.config as { fxRatesUrl: string | null };
const token = () => root.token;
const add = (body: unknown, t = token()) => call(rt, staffApi.currencyAdd, { token: t, body });
const update = (body: unknown) => call(rt, staffApi.currencyUpdate, { token: token(), body });
const remove = (id: unknown) => call(rt, staffApi.currencyDelete, { token: token(), query: { id } });
const lookup = (countryCode: unknown) => call(rt, staffApi.countryLookup, { token: token(), query: { countryCode } });
const sync = () => call(rt, staffApi.currencySync, { token: token() });
const list = (query: Record<string, unknown> = {}) => call(rt, staffApi.currencyList, { token: token(), query });

const couponOf = async (code: string) => (await rt.ctx.db.select().from(coupons).where(eq(coupons.code, code)))[0];
const lastPricingAudit = async () =>
  (
    await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.type, 'Pricing'))
      .orderBy(desc(auditEntries.id))
      .limit(1)
  )[0];

const rule = (over: Record<string, unknown> = {}) => ({
  countryCode: 'IN',
  conversationRate: 100,
  couponCode: 'INDIA10',
  discountPercentage: 10,
  currencyCode: 'INR',
  ...over,
});

beforeEach(async () => {
  config().fxRatesUrl = null;
  await rt.ctx.db.delete(currencyRules);
  await rt.ctx.db.delete(fxRates);
  await rt.ctx.db.delete(coupons);
});

describe('price/add/currency', () => {
  it('adds a rule (codes upper-cased), makes its coupon a checkout coupon and audits it with the staff member', async () => {
    const res = await add(rule({ countryCode: 'in', currencyCode: 'inr', couponCode: 'india10' }));
    expect(res.statusCode).toBe(200);
    const data: CurrencyRule = res.data().data;
    expect(data).toEqual({
      _id: expect.any(String),
      countryCode: 'IN',
      conversationRate: 100,
      couponCode: 'INDIA10',
      discountPercentage: 10,
      currencyCode: 'INR',
      created_at: expect.any(String),
    });
    expect(res.data().respones_msg).toBe('Currency added');
    expect(await couponOf('INDIA10')).toMatchObject({ percentOff: '10.00', active: true, resellerCustomerId: null });
    expect(await lastPricingAudit()).toMatchObject({
      subType: 'Currency Added',
      customerId: null,
      actorKind: 'staff',
      actorId: root.id,
      message: 'Currency rule added: IN: 1 GBP = 100 INR, coupon INDIA10 10% off',
    });

    // The coupon works at checkout (EUR): PD 3 × €29.99 = €89.97, 10% off.
    const customer = await newCustomer(rt);
    const applied = await call(rt, paymentsApi.applyCoupon, {
      token: customer.token,
      body: { couponCode: 'india10', priceId: 'PD', qty: 3 },
    });
    expect(applied.data().data).toMatchObject({ couponCode: 'INDIA10', percentOff: 10, total: 80.97 });
  });

  it('takes numbers as text and a rule without a coupon (discount 0)', async () => {
    const res = await add({ countryCode: 'JP', conversationRate: '191.5', currencyCode: 'JPY' });
    expect(res.data().data).toMatchObject({ conversationRate: 191.5, couponCode: '', discountPercentage: 0 });
  });

  it('refuses missing fields and wrong types with the field named', async () => {
    const cases: [unknown, string][] = [
      [{}, 'countryCode'],
      [rule({ countryCode: undefined }), 'countryCode'],
      [rule({ conversationRate: undefined }), 'conversationRate'],
      [rule({ currencyCode: undefined }), 'currencyCode'],
      [rule({ conversationRate: 'abc' }), 'conversationRate'],
      [rule({ conversationRate: [100] }), 'conversationRate'],
      [rule({ conversationRate: true }), 'conversationRate'],
      [rule({ conversationRate: 0 }), 'conversationRate'],
      [rule({ conversationRate: -5 }), 'conversationRate'],
      [rule({ conversationRate: 1e9 }), 'conversationRate'],
      [rule({ discountPercentage: 150 }), 'discountPercentage'],
      [rule({ discountPercentage: -1 }), 'discountPercentage'],
      [rule({ discountPercentage: 10.123 }), 'discountPercentage'],
      [rule({ discountPercentage: 'ten' }), 'discountPercentage'],
      [rule({ countryCode: 'IND' }), 'countryCode'],
      [rule({ countryCode: 42 }), 'countryCode'],
      [rule({ currencyCode: 'RUPEE' }), 'currencyCode'],
      [rule({ couponCode: 'TEN OFF' }), 'couponCode'],
      [rule({ couponCode: 'X'.repeat(41) }), 'couponCode'],
      [rule({ couponCode: { code: 'A' } }), 'couponCode'],
    ];
    for (const [body, field] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().code).toBe('E_VALIDATION');
      expect(
        res.error().errors?.map((e) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await rt.ctx.db.select().from(currencyRules)).toHaveLength(0);
  });

  it('refuses an unknown country or currency, and a coupon without a discount (or the reverse)', async () => {
    const cases: [unknown, string, string][] = [
      [rule({ countryCode: 'ZZ' }), 'countryCode', 'ZZ is not a known country'],
      [rule({ currencyCode: 'XYZ' }), 'currencyCode', 'XYZ is not a known currency'],
      [rule({ couponCode: '', discountPercentage: 15 }), 'couponCode', 'is required with a discount'],
      [rule({ discountPercentage: 0 }), 'discountPercentage', 'must be above 0 when a coupon code is given'],
    ];
    for (const [body, field, message] of cases) {
      const res = await add(body);
      expect(res.statusCode).toBe(400);
      expect(res.error().errors).toEqual([{ field, message: expect.stringContaining(message) }]);
    }
  });

  it('one rule per country (409); a coupon of a reseller or of another discount is refused (409)', async () => {
    await add(rule()).then((r) => r.data());
    const again = await add(rule({ couponCode: 'OTHER5', discountPercentage: 5 }));
    expect(again.statusCode).toBe(409);
    expect(again.error()).toMatchObject({ code: 'E_CONFLICT', errors: [{ field: 'countryCode' }] });

    const reseller = await newCustomer(rt);
    await rt.ctx.db.insert(coupons).values({ code: 'RESELL1', percentOff: '10.00', resellerCustomerId: reseller.id });
    const taken = await add(rule({ countryCode: 'PK', currencyCode: 'PKR', couponCode: 'resell1' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.error().respones_msg).toContain("reseller's coupon");

    const clash = await add(rule({ countryCode: 'PK', currencyCode: 'PKR', discountPercentage: 20 }));
    expect(clash.statusCode).toBe(409);
    expect(clash.error().respones_msg).toContain('also offered in IN at 10% off');
    expect((await couponOf('INDIA10'))?.percentOff).toBe('10.00');
  });

  it('refuses other roles (403) and no token (401)', async () => {
    for (const role of ['Admin', 'Support', 'Content'] as const) {
      const other = await newStaff(rt, role);
      expect((await add(rule(), other.token)).statusCode).toBe(403);
    }
    expect((await call(rt, staffApi.currencyAdd, { body: rule() })).statusCode).toBe(401);
    const customer = await newCustomer(rt);
    expect((await add(rule(), customer.token)).statusCode).toBe(401);
  });
});

describe('price/update/currency and price/delete/currency', () => {
  it('updates a rule; a new coupon code switches the old coupon off and the new one on', async () => {
    const created = (await add(rule())).data().data;
    const res = await update({
      ...rule({ conversationRate: 105.25, couponCode: 'INDIA15', discountPercentage: 15 }),
      id: created._id,
    });
    expect(res.data().data).toMatchObject({
      _id: created._id,
      conversationRate: 105.25,
      couponCode: 'INDIA15',
      discountPercentage: 15,
    });
    expect(await couponOf('INDIA10')).toMatchObject({ active: false });
    expect(await couponOf('INDIA15')).toMatchObject({ active: true, percentOff: '15.00' });
    expect((await lastPricingAudit())?.message).toBe(
      'Currency rule updated: IN: 1 GBP = 100 INR, coupon INDIA10 10% off → IN: 1 GBP = 105.25 INR, coupon INDIA15 15% off',
    );
    // The same code at another discount: the rule owns its coupon, so the coupon follows.
    await update({ ...rule({ couponCode: 'INDIA15', discountPercentage: 12.5 }), id: created._id }).then((r) =>
      r.data(),
    );
    expect((await couponOf('INDIA15'))?.percentOff).toBe('12.50');
    // Once redeemed, its percent is fixed (DECISIONS §14): another discount is refused, the coupon unchanged.
    await rt.ctx.db.update(coupons).set({ timesRedeemed: 1 }).where(eq(coupons.code, 'INDIA15'));
    const fixed = await update({ ...rule({ couponCode: 'INDIA15', discountPercentage: 20 }), id: created._id });
    expect(fixed.statusCode).toBe(409);
    expect(fixed.error()).toMatchObject({
      code: 'E_CONFLICT',
      errors: [{ field: 'discountPercentage', message: expect.stringMatching(/redeemed at 12.5% off/) }],
    });
    expect((await couponOf('INDIA15'))?.percentOff).toBe('12.50');
  });

  it('refuses an unknown id (404), a malformed or missing id (400), another rule’s country (409)', async () => {
    const a = (await add(rule())).data().data;
    await add(rule({ countryCode: 'PK', currencyCode: 'PKR', couponCode: '', discountPercentage: 0 })).then((r) =>
      r.data(),
    );
    const unknown = await update({ ...rule(), id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error().respones_msg).toBe('This currency rule does not exist.');
    expect((await update({ ...rule(), id: 'nope' })).statusCode).toBe(400);
    expect((await update(rule())).error().errors?.[0]?.field).toBe('id');
    expect((await update({ ...rule({ conversationRate: 'x' }), id: a._id })).statusCode).toBe(400);
    const taken = await update({ ...rule({ countryCode: 'PK', currencyCode: 'PKR' }), id: a._id });
    expect(taken.statusCode).toBe(409);
  });

  it('deletes a rule (its coupon switched off unless another rule offers it); unknown 404, bad ids 400', async () => {
    const india = (await add(rule())).data().data;
    const nepal = (await add(rule({ countryCode: 'NP', currencyCode: 'NPR' }))).data().data;
    const del = await remove(india._id);
    expect(del.data()).toEqual({ respones_msg: 'Currency deleted' });
    expect(await couponOf('INDIA10')).toMatchObject({ active: true });
    expect((await lastPricingAudit())?.subType).toBe('Currency Deleted');
    await remove(nepal._id).then((r) => r.data());
    expect(await couponOf('INDIA10')).toMatchObject({ active: false });
    expect((await list()).data().data).toEqual([]);

    expect((await remove(india._id)).statusCode).toBe(404);
    expect((await remove('12')).statusCode).toBe(400);
    expect((await call(rt, staffApi.currencyDelete, { token: token() })).statusCode).toBe(400);
  });
});

describe('price/list/currency', () => {
  it('pages the rules in the order they were added; refuses a page size outside 5, 10, 25, 50', async () => {
    for (const [countryCode, currencyCode] of [
      ['IN', 'INR'],
      ['PK', 'PKR'],
      ['US', 'USD'],
      ['JP', 'JPY'],
      ['FR', 'EUR'],
      ['DE', 'EUR'],
    ]) {
      await add({ countryCode, currencyCode, conversationRate: 2 }).then((r) => r.data());
    }
    const first = (await list({ limit: 5 })).data();
    expect(first.data.map((r) => r.countryCode)).toEqual(['IN', 'PK', 'US', 'JP', 'FR']);
    expect(first.pagination).toMatchObject({ page: 1, limit: 5, total: 6 });
    expect((await list({ limit: 5, page: 2 })).data().data.map((r) => r.countryCode)).toEqual(['DE']);
    expect((await list({ limit: 7 })).statusCode).toBe(400);
    expect((await list({ page: 'x' })).statusCode).toBe(400);
  });
});

describe('price/country/lookup', () => {
  it("answers the country's currency and its rate from the bundled table until a sync", async () => {
    const res = (await lookup('in')).data();
    expect(res).toMatchObject({ currencyCode: 'INR', conversationRate: BUNDLED_RATES.perGbp.INR });
    expect(res.data).toEqual({
      countryCode: 'IN',
      countryName: 'India',
      currencyCode: 'INR',
      conversationRate: BUNDLED_RATES.perGbp.INR,
    });
    expect((await lookup('GB')).data().conversationRate).toBe(1);
  });

  it('refuses an unknown country (404) and a malformed or missing code (400)', async () => {
    expect((await lookup('ZZ')).statusCode).toBe(404);
    expect((await lookup('I')).statusCode).toBe(400);
    expect((await lookup('12')).statusCode).toBe(400);
    expect((await call(rt, staffApi.countryLookup, { token: token() })).statusCode).toBe(400);
  });
});

describe('price/currency/sync', () => {
  it('bundled table by default: every rule takes its currency rate; audited', async () => {
    const india = (await add(rule())).data().data;
    await add({ countryCode: 'GB', currencyCode: 'GBP', conversationRate: 1 }).then((r) => r.data());
    const res = await sync();
    expect(res.data().data).toEqual({
      source: 'bundled',
      asOf: BUNDLED_RATES.asOf,
      currencies: Object.keys(BUNDLED_RATES.perGbp).length,
      updated: 1,
      unchanged: 1,
      missing: [],
    });
    const rows = (await list()).data().data;
    expect(rows.find((r) => r._id === india._id)?.conversationRate).toBe(BUNDLED_RATES.perGbp.INR);
    expect((await lastPricingAudit())?.message).toContain(
      'from the bundled table of 2025-01-02: 1 updated, 1 unchanged',
    );
  });

  it('FX_RATES_URL: the ECB daily XML through a real HTTP server, converted to per-GBP rates', async () => {
    config().fxRatesUrl = fxUrl;
    fxAnswer = {
      status: 200,
      type: 'text/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time='2026-11-23'>
    <Cube currency='USD' rate='1.0500'/><Cube currency='GBP' rate='0.8400'/><Cube currency='INR' rate='88.20'/>
  </Cube></Cube>
</gesmes:Envelope>`,
    };
    await add(rule()).then((r) => r.data());
    await add({ countryCode: 'NG', currencyCode: 'NGN', conversationRate: 2000 }).then((r) => r.data());
    const before = fxRequests.length;
    const res = (await sync()).data().data;
    expect(fxRequests.length).toBe(before + 1);
    expect(res).toEqual({
      source: 'FX_RATES_URL',
      asOf: '2026-11-23',
      currencies: 4,
      updated: 1,
      unchanged: 0,
      missing: ['NGN'],
    });
    const rows = (await list()).data().data;
    // 88.20 INR per EUR ÷ 0.84 GBP per EUR = 105 INR per GBP.
    expect(rows.find((r) => r.countryCode === 'IN')?.conversationRate).toBe(105);
    expect(rows.find((r) => r.countryCode === 'NG')?.conversationRate).toBe(2000);
    // The lookup now reads the synced table (EUR: 1 ÷ 0.84).
    expect((await lookup('FR')).data().conversationRate).toBe(1.190476);
    expect((await lookup('IN')).data().conversationRate).toBe(105);
  });

  it('FX_RATES_URL: a JSON {base, date, rates} table', async () => {
    config().fxRatesUrl = fxUrl;
    fxAnswer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ base: 'USD', date: '2026-11-22', rates: { GBP: 0.8, INR: 84, EUR: 0.95 } }),
    };
    await add(rule()).then((r) => r.data());
    expect((await sync()).data().data).toMatchObject({ source: 'FX_RATES_URL', asOf: '2026-11-22', updated: 1 });
    expect((await list()).data().data[0]?.conversationRate).toBe(105);
  });

  it('refuses bad rates and a failing source with a clear 502, changing nothing', async () => {
    config().fxRatesUrl = fxUrl;
    await add(rule()).then((r) => r.data());
    const bad: [typeof fxAnswer, string][] = [
      [
        { status: 200, type: 'application/json', body: JSON.stringify({ base: 'EUR', rates: { GBP: 0.84, INR: -3 } }) },
        'the rate of INR is -3',
      ],
      [
        {
          status: 200,
          type: 'application/json',
          body: JSON.stringify({ base: 'EUR', rates: { GBP: 0.84, INR: 'lots' } }),
        },
        'the rate of INR is "lots"',
      ],
      [
        { status: 200, type: 'application/json', body: JSON.stringify({ base: 'EUR', rates: { USD: 1.05 } }) },
        'no GBP rate',
      ],
      [
        { status: 200, type: 'application/json', body: JSON.stringify({ base: 'EUR', rates: { GBP: 0 } }) },
        'the rate of GBP is 0',
      ],
      [{ status: 200, type: 'application/json', body: JSON.stringify({ rates: { GBP: 1 } }) }, 'no 3-letter "base"'],
      [{ status: 200, type: 'text/html', body: 'not a table' }, 'neither the ECB XML nor JSON'],
      [{ status: 200, type: 'text/xml', body: '<html><body>maintenance</body></html>' }, 'no <Cube currency rate>'],
      [{ status: 503, type: 'text/plain', body: 'down' }, 'HTTP 503'],
    ];
    for (const [answer, reason] of bad) {
      fxAnswer = answer;
      const res = await sync();
      expect(res.statusCode, reason).toBe(502);
      expect(res.error().code).toBe('E_PROVIDER');
      expect(res.error().respones_msg).toContain(reason);
      expect(res.error().respones_msg).toContain('Nothing was changed');
    }
    config().fxRatesUrl = 'http://127.0.0.1:1/rates.json';
    expect((await sync()).error().respones_msg).toContain('could not be reached');
    expect((await list()).data().data[0]?.conversationRate).toBe(100);
    expect(await rt.ctx.db.select().from(fxRates)).toHaveLength(0);
  });

  it('parses the ECB table with double quotes too', () => {
    const t = parseRatesTable(
      `<Cube time="2026-01-02"><Cube currency="GBP" rate="0.5"/><Cube currency="JPY" rate="160"/></Cube>`,
    );
    expect(Object.fromEntries(t.perGbp)).toEqual({ GBP: 1, JPY: 320, EUR: 2 });
  });
});

describe('public /pricing: local prices by the visitor country', () => {
  const pricing = (headers: Record<string, string> = {}, ip = '127.0.0.1') =>
    call(rt, publicApi.pricing, { headers, ip });

  it("shows the rule of the visitor's country (trusted proxy header), converted through GBP, with the coupon", async () => {
    await add(rule({ conversationRate: 110 })).then((r) => r.data());
    const res = await pricing({ 'cf-ipcountry': 'IN' });
    expect(res.headers.vary).toContain('cf-ipcountry');
    const body = res.data();
    const local = body.localPricing!;
    expect(local).toMatchObject({
      countryCode: 'IN',
      currencyCode: 'INR',
      couponCode: 'INDIA10',
      discountPercentage: 10,
    });
    const pd = local.prices.find((p) => p.identifier === 'PD')!;
    // €29.99 ÷ (EUR per GBP of the bundled table) × 110 INR per GBP.
    const expected = Math.round((29.99 / BUNDLED_RATES.perGbp.EUR!) * 110 * 100) / 100;
    expect(pd.amount).toBe(expected);
    expect(pd.discountedAmount).toBe(Math.round(expected * 0.9 * 100) / 100);
    expect(local.prices).toHaveLength(body.data.recurringPriceList.length + body.data.oneTimePriceList.length);
    // The customer app's /pricing reads the same from the plans' public list.
    const plansAnswer = (await call(rt, plansApi.pricing, { headers: { 'cf-ipcountry': 'IN' } })).data();
    expect(plansAnswer.localPricing).toEqual(local);
    // Checkout stays EUR: the plans themselves are unchanged.
    expect(body.data.recurringPriceList.find((p) => p.identifier === 'PD')).toMatchObject({
      amount: 29.99,
      currency: 'eur',
    });
  });

  it('null for a country without a rule, and for an unknown country', async () => {
    await add(rule()).then((r) => r.data());
    expect((await pricing({ 'cf-ipcountry': 'FR' })).data().localPricing).toBeNull();
    expect((await pricing({ 'cf-ipcountry': 'XX' })).data().localPricing).toBeNull();
    expect((await pricing()).data().localPricing).toBeNull();
  });

  it('without the header, the country comes from the offline GeoIP database', async () => {
    await add({ countryCode: 'US', currencyCode: 'USD', conversationRate: 1.25 }).then((r) => r.data());
    const res = (await pricing({}, '8.8.8.8')).data();
    expect(res.localPricing).toMatchObject({ countryCode: 'US', currencyCode: 'USD', couponCode: '' });
    // With the proxy's header, the header decides (as for the page views).
    expect((await pricing({ 'cf-ipcountry': 'US' }, '49.36.0.1')).data().localPricing?.countryCode).toBe('US');
  });
});

describe('audit rows of price edits (price/update, price/update/app-version)', () => {
  it('writes a Pricing row naming the staff member for a price edit and an app-version update', async () => {
    const km = await priceOf(rt, token(), 'KM');
    expect(km.type).toBe('recurring');
    await call(rt, staffApi.priceUpdate, {
      token: token(),
      body: priceEditBody(km, { description: 'New text', status: 'Inactive' }),
    }).then((r) => r.data());
    expect(await lastPricingAudit()).toMatchObject({
      subType: 'Price Updated',
      actorKind: 'staff',
      actorId: root.id,
      message: 'Price KM updated: description, status (Active → Inactive)',
    });
    await call(rt, staffApi.appVersionUpdate, {
      token: token(),
      body: { planIdentifier: 'KM', minAppVersionCode: 42, message: '', forceUpdate: true },
    }).then((r) => r.data());
    expect(await lastPricingAudit()).toMatchObject({
      subType: 'App Version Updated',
      actorId: root.id,
      message: 'App version of KM: min 42, force update on',
    });
    // A refused edit writes nothing.
    const count = async () =>
      (
        await rt.ctx.db
          .select()
          .from(auditEntries)
          .where(and(eq(auditEntries.type, 'Pricing'), eq(auditEntries.actorId, root.id)))
      ).length;
    const n = await count();
    expect(
      (await call(rt, staffApi.priceUpdate, { token: token(), body: { id: km._id, identifier: 'PD' } })).statusCode,
    ).toBe(400);
    expect(await count()).toBe(n);
    await call(rt, staffApi.priceUpdate, { token: token(), body: priceEditBody(km, { status: 'Active' }) }).then((r) =>
      r.data(),
    );
  });
});
