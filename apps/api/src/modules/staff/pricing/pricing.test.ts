import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansApi, policyApi, type PolicyResponse } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { plans } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import { customerWithSeats, enrolDevice, newStaff, type TestStaff } from '../../../../test/support/factory.ts';
import type { FakeStripe } from '../../../../test/support/fake-stripe.ts';
import { jsonOf } from '../../../../test/support/helpers.ts';
import { postWithKey, solvedCaptcha } from '../../../../test/support/payments.ts';
import type { TestRuntime } from '../../../../test/support/runtime.ts';
import { priceEditBody, priceOf } from '../../../../test/support/pricing.ts';
import { startWithStaff, startWithStripe } from '../../../../test/support/suites.ts';

let rt: TestRuntime;
let root: TestStaff;
beforeAll(async () => ({ rt, staff: root } = await startWithStaff('SuperAdmin')));
afterAll(async () => rt?.close());

const list = async () => (await call(rt, staffApi.priceList, { token: root.token })).data().data;
const byIdentifier = (identifier: string) => priceOf(rt, root.token, identifier);

describe('price list and detail (spec 3 "Pricing list")', () => {
  it('lists every plan split by type with the spec fields', async () => {
    const l = await list();
    expect(l.recurringPriceList.map((p) => p.identifier)).toContain('PD');
    expect(l.oneTimePriceList.map((p) => p.identifier)).toContain('PDOT');
    expect(l.recurringPriceList.every((p) => p.interval === 'year')).toBe(true);
    const pd = l.recurringPriceList.find((p) => p.identifier === 'PD')!;
    expect(pd).toMatchObject({ amount: 29.99, currency: 'eur', status: 'Active', priceId: 'PD' });
    expect(Object.keys(pd)).toEqual(
      expect.arrayContaining(['_id', 'name', 'identifier', 'priceId', 'description', 'status', 'apkLink']),
    );
    expect(pd.features[0]).toEqual({ text: expect.any(String), checked: true });
    expect(new Date(pd.created_at).getTime()).toBeGreaterThan(0);
  });

  it('answers one price by id; an unknown id is 404 and a malformed one 400', async () => {
    const pd = await byIdentifier('PD');
    expect((await call(rt, staffApi.priceDetail, { token: root.token, query: { id: pd._id } })).data().data).toEqual(
      pd,
    );
    const unknown = await call(rt, staffApi.priceDetail, {
      token: root.token,
      query: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error().code).toBe('E_PLAN_NOT_FOUND');
    expect((await call(rt, staffApi.priceDetail, { token: root.token, query: { id: 'nope' } })).statusCode).toBe(400);
    expect((await call(rt, staffApi.priceDetail, { token: root.token })).statusCode).toBe(400);
  });

  it('refuses other roles (403) and no token (401)', async () => {
    for (const role of ['Admin', 'Support', 'Content'] as const) {
      const other = await newStaff(rt, role);
      expect((await call(rt, staffApi.priceList, { token: other.token })).statusCode).toBe(403);
      expect(
        (
          await call(rt, staffApi.appVersionUpdate, {
            token: other.token,
            body: { planIdentifier: 'PD', minAppVersionCode: 1, message: '', forceUpdate: false },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await call(rt, staffApi.priceList)).statusCode).toBe(401);
  });
});

describe('price update (spec 3 "Pricing edit")', () => {
  it('edits name, description, features and APK link; the customer /plans shows them at once', async () => {
    const km = await byIdentifier('KM');
    const body = priceEditBody(km, {
      name: 'Key Mapper Pro',
      description: 'Remap keys.',
      apkLink: 'https://example.com/km.apk',
      features: [
        { text: 'Remap every key', checked: true },
        { text: 'No root', checked: false },
      ],
    });
    const updated = (await call(rt, staffApi.priceUpdate, { token: root.token, body })).data().data;
    expect(updated).toMatchObject({ name: 'Key Mapper Pro', apkLink: 'https://example.com/km.apk' });
    const customer = await customerWithSeats(rt, 'PD', 1);
    const plansNow = (await call(rt, plansApi.list, { token: customer.token })).data().data;
    expect(plansNow.recurringPriceList.find((p) => p.identifier === 'KM')).toMatchObject({
      name: 'Key Mapper Pro',
      description: 'Remap keys.',
      features: body.features,
    });
  });

  it('refuses bad input: non-http APK links, another identifier, wrong types, missing fields, unknown ids', async () => {
    const ub = await byIdentifier('UB');
    const bad = async (changes: Record<string, unknown>) =>
      call(rt, staffApi.priceUpdate, { token: root.token, body: priceEditBody(ub, changes) });
    for (const apkLink of ['javascript:alert(1)', 'ftp://x/y.apk', 'not a link', 'file:///etc/passwd']) {
      const res = await bad({ apkLink });
      expect(res.statusCode, apkLink).toBe(400);
    }
    const other = await bad({ identifier: 'PD' });
    expect(other.statusCode).toBe(400);
    expect(other.error().respones_msg).toMatch(/identifier/i);
    expect((await bad({ identifier: 'NOPE' })).statusCode).toBe(400);
    expect((await bad({ status: 'Paused' })).statusCode).toBe(400);
    expect((await bad({ name: '' })).statusCode).toBe(400);
    expect((await bad({ name: 42 })).statusCode).toBe(400);
    expect((await bad({ features: [{ text: '', checked: true }] })).statusCode).toBe(400);
    expect((await bad({ features: 'x' })).statusCode).toBe(400);
    expect((await bad({ id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const { features: _f, ...missing } = priceEditBody(ub);
    expect((await call(rt, staffApi.priceUpdate, { token: root.token, body: missing })).statusCode).toBe(400);
    // Nothing changed.
    expect(await byIdentifier('UB')).toEqual(ub);
  });

  it('an Inactive price disappears from /plans and the public pricing, and checkout refuses it', async () => {
    const pob = await byIdentifier('POBOT');
    (
      await call(rt, staffApi.priceUpdate, { token: root.token, body: priceEditBody(pob, { status: 'Inactive' }) })
    ).data();
    expect((await byIdentifier('POBOT')).status).toBe('Inactive');
    const customer = await customerWithSeats(rt, 'PD', 1);
    const customerPlans = (await call(rt, plansApi.list, { token: customer.token })).data().data;
    expect(customerPlans.oneTimePriceList.map((p) => p.identifier)).not.toContain('POBOT');
    const pub = await call(rt, plansApi.pricing);
    expect(pub.headers['cache-control']).toBe('no-cache');
    expect(pub.data().data.oneTimePriceList.map((p) => p.identifier)).not.toContain('POBOT');
    const refused = await postWithKey(
      rt,
      (await import('@fleetdeck/contract')).paymentsApi.purchase,
      { priceId: 'POBOT', qty: 1, captcha: await solvedCaptcha(rt) },
      customer.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.error().code).toBe('E_PLAN_INACTIVE');
    // Active again: sold again.
    (
      await call(rt, staffApi.priceUpdate, { token: root.token, body: priceEditBody(pob, { status: 'Active' }) })
    ).data();
    const again = (await call(rt, plansApi.list, { token: customer.token })).data().data;
    expect(again.oneTimePriceList.map((p) => p.identifier)).toContain('POBOT');
  });
});

describe('price sync with the sandbox provider', () => {
  it('restores catalogue amounts and missing plans, keeps staff edits, and answers a summary', async () => {
    const pc = await byIdentifier('PC');
    await rt.ctx.db.update(plans).set({ amount: '1.00', name: 'Edited name' }).where(eq(plans.id, pc._id));
    const pcot = await byIdentifier('PCOT');
    await rt.ctx.db.delete(plans).where(eq(plans.id, pcot._id));
    const summary = (await call(rt, staffApi.priceSync, { token: root.token })).data().data;
    expect(summary).toEqual({ provider: 'sandbox', created: 1, updated: 1, unchanged: 13 });
    expect(await byIdentifier('PC')).toMatchObject({ amount: pc.amount, name: 'Edited name' });
    expect(await byIdentifier('PCOT')).toBeDefined();
    const second = (await call(rt, staffApi.priceSync, { token: root.token })).data().data;
    expect(second).toEqual({ provider: 'sandbox', created: 0, updated: 0, unchanged: 15 });
  });
});

describe('app version config (DECISIONS §8)', () => {
  it('stores per plan identifier; the device policy carries it and its ETag moves', async () => {
    expect(
      (await call(rt, staffApi.appVersionGet, { token: root.token, query: { planIdentifier: 'SL' } })).data().data,
    ).toBeNull();
    const customer = await customerWithSeats(rt, 'SL', 1);
    const device = await enrolDevice(rt, customer, { appName: 'SL' } as never);
    const before = await call(rt, policyApi.policy, { token: device.auth });
    expect(jsonOf<PolicyResponse>(before).data.policy).not.toHaveProperty('appVersion');
    const etag = before.headers.etag as string;

    const saved = (
      await call(rt, staffApi.appVersionUpdate, {
        token: root.token,
        body: { planIdentifier: 'SL', minAppVersionCode: 500, message: 'Please update', forceUpdate: true },
      })
    ).data().data;
    expect(saved).toEqual({
      planIdentifier: 'SL',
      minAppVersionCode: 500,
      message: 'Please update',
      forceUpdate: true,
    });
    expect(
      (await call(rt, staffApi.appVersionGet, { token: root.token, query: { planIdentifier: 'SL' } })).data().data,
    ).toEqual(saved);

    const after = await call(rt, policyApi.policy, { token: device.auth, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(jsonOf<PolicyResponse>(after).data.policy.appVersion).toEqual(saved);
    // Unchanged since: 304 on the new ETag.
    const same = await call(rt, policyApi.policy, {
      token: device.auth,
      headers: { 'if-none-match': after.headers.etag as string },
    });
    expect(same.statusCode).toBe(304);

    // Update again (upsert) and the other plan stays unconfigured.
    (
      await call(rt, staffApi.appVersionUpdate, {
        token: root.token,
        body: { planIdentifier: 'SL', minAppVersionCode: '600', message: '', forceUpdate: false },
      })
    ).data();
    expect(
      (await call(rt, staffApi.appVersionGet, { token: root.token, query: { planIdentifier: 'SL' } })).data().data,
    ).toMatchObject({ minAppVersionCode: 600, forceUpdate: false });
    expect(
      (await call(rt, staffApi.appVersionGet, { token: root.token, query: { planIdentifier: 'PD' } })).data().data,
    ).toBeNull();
  });

  it('refuses bad input', async () => {
    const bad = (body: Record<string, unknown>) =>
      call(rt, staffApi.appVersionUpdate, {
        token: root.token,
        body: { planIdentifier: 'PD', minAppVersionCode: 1, message: '', forceUpdate: false, ...body },
      });
    expect((await bad({ planIdentifier: 'NOPE' })).statusCode).toBe(400);
    expect((await bad({ minAppVersionCode: 'abc' })).statusCode).toBe(400);
    expect((await bad({ minAppVersionCode: -1 })).statusCode).toBe(400);
    expect((await bad({ minAppVersionCode: 1.5 })).statusCode).toBe(400);
    // Issue 22: "-5" was saved as 5; a version code is at least 1, refused as typed, never made positive.
    for (const minAppVersionCode of [-5, '-5', 0]) {
      const res = await bad({ minAppVersionCode });
      expect(res.statusCode, String(minAppVersionCode)).toBe(400);
      expect(res.error().errors).toContainEqual({ field: 'minAppVersionCode', message: 'must be at least 1' });
    }
    expect((await bad({ forceUpdate: 'yes' })).statusCode).toBe(400);
    expect((await bad({ message: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(
      (await call(rt, staffApi.appVersionGet, { token: root.token, query: { planIdentifier: 'X' } })).statusCode,
    ).toBe(400);
    expect((await call(rt, staffApi.appVersionGet, { token: root.token })).statusCode).toBe(400);
  });
});

describe('price sync with the Stripe provider', () => {
  let fake: FakeStripe;
  let srt: TestRuntime;
  beforeAll(async () => ({ rt: srt, fake } = await startWithStripe()));
  afterAll(async () => srt?.close());

  it('creates the missing prices at Stripe, then imports Stripe amounts; a second run changes nothing', async () => {
    const admin = await newStaff(srt, 'SuperAdmin');
    const sync = async () => (await call(srt, staffApi.priceSync, { token: admin.token })).data().data;
    expect(await sync()).toEqual({ provider: 'stripe', created: 15, updated: 0, unchanged: 0 });
    expect(fake.calls('POST', '/v1/prices')).toHaveLength(15);
    const l = (await call(srt, staffApi.priceList, { token: admin.token })).data().data;
    const pd = l.recurringPriceList.find((p) => p.identifier === 'PD')!;
    expect(pd.priceId).toMatch(/^price_/);
    expect(fake.prices.get(pd.priceId)).toMatchObject({ unit_amount: 2999, recurring: { interval: 'year' } });
    // Staff change the amount at Stripe: the sync imports it.
    fake.prices.get(pd.priceId)!.unit_amount = 3499;
    expect(await sync()).toEqual({ provider: 'stripe', created: 0, updated: 1, unchanged: 14 });
    const after = (await call(srt, staffApi.priceDetail, { token: admin.token, query: { id: pd._id } })).data().data;
    expect(after.amount).toBe(34.99);
    expect(await sync()).toEqual({ provider: 'stripe', created: 0, updated: 0, unchanged: 15 });
  });
});
