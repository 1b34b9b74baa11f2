import { SYSTEM } from '../../lib/actor.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { UserDetail } from '@fleetdeck/contract';
import { coupons, customers } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { usersApi } from '@fleetdeck/contract';
import { jsonOf } from '../../../test/support/helpers.ts';
import { customerIdOf } from '../../../test/support/ledger.ts';
import { approveReseller } from './service.ts';

let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const detailOf = async (token: string) => jsonOf<{ data: UserDetail }>(await call(rt, usersApi.detail, { token })).data;

describe('reseller mode', () => {
  it('is requested by the customer: enabled, not approved, no coupon, audited', async () => {
    const c = await newCustomer(rt);
    const id = await customerIdOf(rt.ctx.db, c.email);
    expect(await detailOf(c.token)).toMatchObject({
      isResellerModeEnabled: false,
      isResellerModeRequestApprove: false,
      resellerCouponCode: null,
    });

    const res = await call(rt, usersApi.update, { body: { isResellerModeEnabled: true }, token: c.token });
    expect(res.statusCode).toBe(200);
    const body = jsonOf<{ respones_msg: string; data: UserDetail }>(res);
    expect(body.respones_msg).toMatch(/reseller request has been sent/);
    expect(body.data).toMatchObject({
      isResellerModeEnabled: true,
      isResellerModeRequestApprove: false,
      resellerCouponCode: null,
    });
    const [row] = await rt.ctx.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ resellerModeEnabled: true, resellerModeApproved: false });
    expect(await rt.ctx.db.select().from(coupons).where(eq(coupons.resellerCustomerId, id))).toHaveLength(0);
    const audit = await rt.ctx.db.execute<{ sub_type: string }>(
      sql`select sub_type from audit_entries where customer_id = ${id}`,
    );
    expect(audit.rows.map((r) => r.sub_type)).toContain('Reseller Requested');
    expect(audit.rows.map((r) => r.sub_type)).not.toContain('Update Profile');
  });

  it('refuses isResellerModeEnabled: false (a customer cannot leave or approve it)', async () => {
    const c = await newCustomer(rt);
    const res = await call(rt, usersApi.update, { body: { isResellerModeEnabled: false }, token: c.token });
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toMatchObject({ code: 'E_VALIDATION' });
    const again = await call(rt, usersApi.update, { body: { isResellerModeRequestApprove: true }, token: c.token });
    expect(again.statusCode).toBe(400);
    expect((await detailOf(c.token)).isResellerModeRequestApprove).toBe(false);
  });

  it('still updates the profile beside the request', async () => {
    const c = await newCustomer(rt);
    const res = await call(rt, usersApi.update, {
      body: { name: 'Rita Reseller', isResellerModeEnabled: true },
      token: c.token,
    });
    expect(res.statusCode).toBe(200);
    expect(jsonOf<{ data: UserDetail }>(res).data).toMatchObject({
      name: 'Rita Reseller',
      isResellerModeEnabled: true,
    });
  });

  it('approveReseller creates one personal 10% coupon shown in the detail; approving again keeps it', async () => {
    const c = await newCustomer(rt);
    const other = await newCustomer(rt);
    const id = await customerIdOf(rt.ctx.db, c.email);
    await call(rt, usersApi.update, { body: { isResellerModeEnabled: true }, token: c.token });

    const approved = await approveReseller(rt.ctx, SYSTEM, id);
    expect(approved.isResellerModeRequestApprove).toBe(true);
    expect(approved.resellerCouponCode).toMatch(/^R-[A-Z2-9]{6}$/);
    const rows = await rt.ctx.db.select().from(coupons).where(eq(coupons.resellerCustomerId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code: approved.resellerCouponCode, percentOff: '10.00', active: true });

    expect(await detailOf(c.token)).toMatchObject({
      isResellerModeEnabled: true,
      isResellerModeRequestApprove: true,
      resellerCouponCode: approved.resellerCouponCode,
    });
    const again = await approveReseller(rt.ctx, SYSTEM, id);
    expect(again.resellerCouponCode).toBe(approved.resellerCouponCode);
    expect(await rt.ctx.db.select().from(coupons).where(eq(coupons.resellerCustomerId, id))).toHaveLength(1);

    // A request after approval changes nothing; update answers the coupon too.
    const res = await call(rt, usersApi.update, { body: { isResellerModeEnabled: true }, token: c.token });
    expect(jsonOf<{ data: UserDetail }>(res).data.resellerCouponCode).toBe(approved.resellerCouponCode);

    // Nobody else sees it.
    expect((await detailOf(other.token)).resellerCouponCode).toBeNull();
  });

  it('shows no coupon to a customer whose approval was withdrawn', async () => {
    const c = await newCustomer(rt);
    const id = await customerIdOf(rt.ctx.db, c.email);
    await approveReseller(rt.ctx, SYSTEM, id);
    await rt.ctx.db.update(customers).set({ resellerModeApproved: false }).where(eq(customers.id, id));
    expect((await detailOf(c.token)).resellerCouponCode).toBeNull();
  });

  it('answers 404 when approving an unknown customer', async () => {
    await expect(approveReseller(rt.ctx, SYSTEM, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
