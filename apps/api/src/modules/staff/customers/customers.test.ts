import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, licencesApi, plansApi, policyApi, usersApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { auditEntries, customerSeats, legacyUsers, licenceGrants } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import {
  buy,
  enrolDevice,
  newCustomer,
  newStaff,
  randomIp,
  type TestCustomer,
  type TestStaff,
} from '../../../../test/support/factory.ts';
import { STRONG_PASSWORD, linkParams, uniqueEmail } from '../../../../test/support/helpers.ts';
import { daysFromNow } from '../../../../test/support/ledger.ts';
import { startTestRuntime, type TestRuntime } from '../../../../test/support/runtime.ts';
import { sweepExpiredSeats } from '../../licences/seats.ts';
import { countCustomersSqlForExplain } from './repository.ts';

let rt: TestRuntime;
let root: TestStaff;
let admin: TestStaff;
let support: TestStaff;
let content: TestStaff;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  [root, admin, support, content] = await Promise.all([
    newStaff(rt, 'SuperAdmin'),
    newStaff(rt, 'Admin'),
    newStaff(rt, 'Support'),
    newStaff(rt, 'Content'),
  ]);
});
afterAll(async () => rt?.close());

let run = 0;
/** A prefix no other test's emails share, so list filters see only this test's customers. */
const prefix = () => `cl${Date.now().toString(36)}${++run}`;

const list = (query: Record<string, unknown>, token = admin.token) => call(rt, staffApi.customerList, { token, query });
const emailsOf = async (query: Record<string, unknown>) => (await list(query)).data().data.map((r) => r.email);

const createOffline = (email: string, token = admin.token, extra: Record<string, unknown> = {}) =>
  call(rt, staffApi.customerCreate, {
    token,
    body: { email, password: STRONG_PASSWORD, countryCode: '+44', phoneNumber: '7700 900123', ...extra },
  });

const pay = (body: Record<string, unknown>, opts: { token?: string; key?: string } = {}) =>
  call(rt, staffApi.offlinePaymentCreate, {
    token: opts.token ?? admin.token,
    body: { qty: 1, amount: 10, note: '', ...body },
    ...(opts.key ? { headers: { 'idempotency-key': opts.key } } : {}),
  });

describe('customers/list (spec 3 "Customer list")', () => {
  it('filters by email prefix, source, purchased devices, product, unused licences and country; rows carry the seats', async () => {
    const p = prefix();
    const online = await newCustomer(rt, { email: `${p}.online@example.com` });
    const offlineEmail = `${p}.offline@example.com`;
    (await createOffline(offlineEmail, admin.token, { countryCode: '+44' })).data();
    const offlineId = (await list({ email: offlineEmail })).data().data[0]!._id;
    await buy(rt, online, 'UB', 3);
    await buy(rt, { id: offlineId }, 'PDOT', 2);
    await enrolDevice(rt, online, { appName: 'UB' });
    await enrolDevice(rt, online, { appName: 'UB' });
    await enrolDevice(rt, { id: offlineId }, { appName: 'PD' });
    await enrolDevice(rt, { id: offlineId }, { appName: 'PD' });

    const all = (await list({ email: p.toUpperCase() })).data();
    expect(all.data.map((r) => r.email)).toEqual([offlineEmail, online.email]);
    expect(all.pagination).toMatchObject({ total: 2, totalCapped: false, nextCursor: null });
    expect(all.data[0]).toMatchObject({
      isOfflineCustomer: true,
      // E.164 (DECISIONS §14).
      formattedPhoneNumber: '+447700900123',
      totalPurchasedDevices: 2,
      totalUsedDevices: 2,
      totalExpiredDevices: 0,
    });
    expect(all.data[1]).toMatchObject({ isOfflineCustomer: false, totalPurchasedDevices: 3, totalUsedDevices: 2 });

    expect(await emailsOf({ email: p, customerSource: 'Offline' })).toEqual([offlineEmail]);
    expect(await emailsOf({ email: p, customerSource: 'Online' })).toEqual([online.email]);
    expect(await emailsOf({ email: p, purchasedDevices: 3 })).toEqual([online.email]);
    expect(await emailsOf({ email: p, purchasedDevices: 0 })).toEqual([]);
    expect(await emailsOf({ email: p, showUnusedLicense: 'true' })).toEqual([online.email]);
    // A `+` decoded from a URL arrives as a space; both spellings find the dial code.
    expect(await emailsOf({ email: p, countryCode: ' 44' })).toEqual([offlineEmail]);
    expect(await emailsOf({ email: p, countryCode: '+1' })).toEqual([]);
    // Product: that app's seats only, in the row and in the seat filters.
    const ub = (await list({ email: p, product: 'UB' })).data().data;
    expect(ub.map((r) => [r.email, r.totalPurchasedDevices, r.totalUsedDevices])).toEqual([[online.email, 3, 2]]);
    expect(await emailsOf({ email: p, product: 'PD', purchasedDevices: 2 })).toEqual([offlineEmail]);
    expect(await emailsOf({ email: p, product: 'PD', showUnusedLicense: 'true' })).toEqual([]);
    expect(await emailsOf({ email: p, product: 'KM' })).toEqual([]);
    // Dates: today's customers; a window in the past has none.
    const today = new Date().toISOString().slice(0, 10);
    expect(await emailsOf({ email: p, from_date: today, to_date: today })).toHaveLength(2);
    expect(await emailsOf({ email: p, from_date: '2024-01-01', to_date: '2024-01-31' })).toEqual([]);
  });

  it('pages with the keyset cursor and refuses bad filters', async () => {
    const p = prefix();
    for (let i = 0; i < 6; i++) (await createOffline(`${p}.${i}@example.com`)).data();
    const first = (await list({ email: p, limit: 5 })).data();
    expect(first.data).toHaveLength(5);
    expect(first.pagination.total).toBe(6);
    const second = (await list({ email: p, limit: 5, cursor: first.pagination.nextCursor })).data();
    expect(second.data).toHaveLength(1);
    expect(new Set([...first.data, ...second.data].map((r) => r._id)).size).toBe(6);
    expect(second.pagination.nextCursor).toBeNull();
    expect((await list({ email: p, limit: 5, page: 2 })).data().data.map((r) => r._id)).toEqual(
      second.data.map((r) => r._id),
    );

    for (const query of [
      { purchasedDevices: -1 },
      { purchasedDevices: 'many' },
      { product: 'XX' },
      { customerSource: 'Elsewhere' },
      { from_date: '2026-13-01' },
      { from_date: '2026-03-02', to_date: '2026-03-01' },
      { countryCode: 'UK' },
      { limit: 7 },
      { cursor: 'bm90LWEtY3Vyc29y' },
    ]) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.error().code).toBe('E_VALIDATION');
    }
  });

  it('answers the old portal users and exports customers.csv (404 "No data to export" when empty)', async () => {
    const p = prefix();
    await rt.ctx.db.insert(legacyUsers).values({
      email: `${p}.legacy@example.com`,
      name: 'Old Portal',
      expirationDate: new Date('2025-06-30T00:00:00Z'),
      deviceSerialNumber: 'R58N123',
    });
    (await createOffline(`${p}.csv@example.com`, admin.token, { name: '=HYPERLINK("x")' })).data();
    const res = (await list({ email: p })).data();
    expect(res.oldPortalUsers).toEqual({
      data: [
        {
          _id: expect.any(String),
          email: `${p}.legacy@example.com`,
          name: 'Old Portal',
          expiration_date: '2025-06-30T00:00:00.000Z',
          device_serial_number: 'R58N123',
        },
      ],
      total: 1,
    });

    const csv = await list({ email: p, isExportData: 'true' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Email","Name","Phone Number","Active Licence","Active Used Licence","Expired Licence","Source","Created On"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^"${p}\\.csv@example\\.com","'=HYPERLINK\\(""x""\\)","\\+447700900123","0","0","0","Offline","\\d{4}-`,
      ),
    );
    const empty = await list({ email: `${p}-nobody`, isExportData: 'true' });
    expect(empty.statusCode).toBe(404);
    expect(empty.error()).toMatchObject({ code: 'E_NO_DATA', respones_msg: 'No data to export' });
  });

  it('is open to SuperAdmin, Admin and Support, not to Content', async () => {
    for (const s of [root, admin, support]) expect((await list({ email: 'nobody-' }, s.token)).statusCode).toBe(200);
    expect((await list({}, content.token)).statusCode).toBe(403);
  });
});

describe('the seat summary follows the ledger (licences/seats.ts)', () => {
  it('counts grants that expire once the sweep has run, without any other change', async () => {
    const p = prefix();
    const c = await newCustomer(rt, { email: `${p}@example.com` });
    const { grant } = await buy(rt, c, 'KM', 4);
    expect((await list({ email: p })).data().data[0]).toMatchObject({
      totalPurchasedDevices: 4,
      totalExpiredDevices: 0,
    });
    await rt.ctx.db
      .update(licenceGrants)
      .set({ expiresAt: daysFromNow(-1) })
      .where(eq(licenceGrants.id, grant!.id));
    await rt.ctx.db
      .update(customerSeats)
      .set({ nextExpiryAt: daysFromNow(-1) })
      .where(eq(customerSeats.customerId, c.id));
    expect(await sweepExpiredSeats(rt.ctx.db)).toBeGreaterThanOrEqual(1);
    expect((await list({ email: p })).data().data[0]).toMatchObject({
      totalPurchasedDevices: 0,
      totalExpiredDevices: 4,
    });
    const licences = (await call(rt, licencesApi.summary, { token: c.token })).data();
    expect(licences.purchasedDevices).toBe(0);
  });
});

describe('the ALL seat row (customer_seats, created with the customer)', () => {
  it('gives every customer an ALL row from creation, so "Purchased Devices = 0" is a seat-index filter', async () => {
    const p = prefix();
    const fresh = await newCustomer(rt, { email: `${p}.fresh@example.com` });
    const offlineEmail = `${p}.offline@example.com`;
    (await createOffline(offlineEmail)).data();
    const buyer = await newCustomer(rt, { email: `${p}.buyer@example.com` });
    // Created by signup and by staff: each has its zero ALL row before buying anything.
    const allRow = async (customerId: string) =>
      (
        await rt.ctx.db
          .select()
          .from(customerSeats)
          .where(and(eq(customerSeats.customerId, customerId), eq(customerSeats.family, 'ALL')))
      )[0];
    expect(await allRow(fresh.id)).toMatchObject({ purchased: 0, used: 0, expired: 0 });
    expect(await allRow(buyer.id)).toMatchObject({ purchased: 0 });
    expect(await emailsOf({ email: p, purchasedDevices: 0 })).toEqual([buyer.email, offlineEmail, fresh.email]);
    await buy(rt, buyer, 'UB', 2);
    expect(await allRow(buyer.id)).toMatchObject({ purchased: 2 });
    expect(await emailsOf({ email: p, purchasedDevices: 0 })).toEqual([offlineEmail, fresh.email]);
    expect(await emailsOf({ email: p, purchasedDevices: 2 })).toEqual([buyer.email]);
    const zero = (await list({ email: p, purchasedDevices: 0 })).data();
    expect(zero.pagination).toMatchObject({ total: 2, totalCapped: false });
    // Without an email, the count reads the summary's index alone.
    const plan = await rt.ctx.db.execute(sql`explain ${countCustomersSqlForExplain({ purchasedDevices: 0 })}`);
    const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toContain('customer_seats');
    expect(text).not.toContain('customers c');
    expect(text).not.toMatch(/on customers\b/);
  });
});

describe('customers/create and customers/update', () => {
  it('creates an offline customer who can sign in at once; duplicates and weak passwords are refused', async () => {
    const email = uniqueEmail('offline');
    const created = (await createOffline(email, support.token)).data();
    expect(created).toMatchObject({
      respones_msg: 'Customer created.',
      data: { email, name: email.split('@')[0], isOfflineCustomer: true, totalPurchasedDevices: 0 },
    });
    const login = await call(rt, usersApi.login, { body: { email, password: STRONG_PASSWORD }, ip: randomIp() });
    const token = login.data().data!.token;
    const me = (await call(rt, usersApi.detail, { token })).data();
    expect(me.data.isOfflineCustomer).toBe(true);

    const again = await createOffline(email);
    expect(again.statusCode).toBe(409);
    expect(again.error().code).toBe('E_EMAIL_TAKEN');
    const weak = await call(rt, staffApi.customerCreate, {
      token: admin.token,
      body: { email: uniqueEmail('weak'), password: 'password123', phoneNumber: '' },
    });
    expect(weak.statusCode).toBe(400);
    const bad = await call(rt, staffApi.customerCreate, { token: admin.token, body: { email: 'nope', password: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect((await createOffline(uniqueEmail('c'), content.token)).statusCode).toBe(403);
  });

  it('emails the new customer a welcome link that sets their own password, once, valid 7 days (DECISIONS §14)', async () => {
    const email = uniqueEmail('welcome');
    // No password handed over: staff give only the email (and a phone number).
    const created = await call(rt, staffApi.customerCreate, {
      token: support.token,
      body: { email, countryCode: '+44', phoneNumber: '7700 900123' },
    });
    expect(created.statusCode).toBe(200);
    const mail = await rt.smtp.waitFor(email, (m) => m.subject.startsWith('Welcome'));
    expect(mail.subject).toBe('Welcome to Fleetdeck: set your password');
    expect(mail.text).toContain('valid for 7 days and works once');
    const { url, iv, encryptedData } = linkParams(mail.text, '/reset-password');
    expect(url.origin).toBe('http://localhost:3000');
    const link = await rt.ctx.db.execute<{ days: number }>(
      sql`select round(extract(epoch from expires_at - now()) / 86400)::int as days from link_nonces
          where subject_id = (select id from customers where email = ${email})`,
    );
    expect(link.rows).toEqual([{ days: 7 }]);
    // Nobody can sign in before the customer has set a password.
    const before = await call(rt, usersApi.login, { body: { email, password: STRONG_PASSWORD }, ip: randomIp() });
    expect(before.statusCode).toBe(401);

    const own = 'Meadow-Compass-7713';
    const set = await call(rt, usersApi.resetPassword, {
      body: { password: own, confirm_password: own, iv, encrypted_data: encryptedData },
    });
    expect(set.statusCode).toBe(200);
    const login = await call(rt, usersApi.login, { body: { email, password: own }, ip: randomIp() });
    expect(login.statusCode).toBe(200);
    const again = await call(rt, usersApi.resetPassword, {
      body: { password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD, iv, encrypted_data: encryptedData },
    });
    expect(again.error().code).toBe('E_LINK_USED');
  });

  it('still takes a password from staff when one is given, and sends the welcome link too', async () => {
    const email = uniqueEmail('withpw');
    expect((await createOffline(email)).statusCode).toBe(200);
    await rt.smtp.waitFor(email, (m) => m.subject.startsWith('Welcome'));
    const login = await call(rt, usersApi.login, { body: { email, password: STRONG_PASSWORD }, ip: randomIp() });
    expect(login.statusCode).toBe(200);
  });

  it("changes the name, and a new password ends the customer's sessions (audited with the staff member)", async () => {
    const c = await newCustomer(rt);
    const renamed = await call(rt, staffApi.customerUpdate, {
      token: support.token,
      body: { customerId: c.id, name: 'Renamed Ltd', password: '' },
    });
    expect(renamed.data().data.name).toBe('Renamed Ltd');
    expect((await call(rt, usersApi.detail, { token: c.token })).statusCode).toBe(200);

    const newPassword = 'Harbour-Lantern-9031';
    (
      await call(rt, staffApi.customerUpdate, {
        // Only a SuperAdmin sets a password (DECISIONS §8, issue 24).
        token: root.token,
        body: { customerId: c.id, name: 'Renamed Ltd', password: newPassword },
      })
    ).data();
    const old = await call(rt, usersApi.detail, { token: c.token });
    expect(old.statusCode).toBe(401);
    const login = await call(rt, usersApi.login, { body: { email: c.email, password: newPassword }, ip: randomIp() });
    expect(login.statusCode).toBe(200);
    const audit = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, 'Change Password')));
    expect(audit.map((a) => [a.actorKind, a.actorId])).toEqual([['staff', root.id]]);

    const missing = await call(rt, staffApi.customerUpdate, {
      token: admin.token,
      body: { customerId: '00000000-0000-4000-8000-000000000000', name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('staff and customer passwords (DECISIONS §8, issue 24 M2)', () => {
  it("refuses Admin and Support a customer's password (403), leaving it, the sessions and the reset links as they were", async () => {
    const c = await newCustomer(rt);
    await call(rt, usersApi.sendForgetPasswordLink, { body: { email: c.email }, ip: randomIp() });
    const reset = await rt.smtp.waitFor(c.email, (m) => m.subject.startsWith('Reset'));
    for (const staff of [admin, support]) {
      const res = await call(rt, staffApi.customerUpdate, {
        token: staff.token,
        body: { customerId: c.id, name: 'Taken Over', password: 'Harbour-Lantern-9032' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.error().code).toBe('E_FORBIDDEN');
      expect(res.error().respones_msg).toBe(
        "Only a SuperAdmin may set a customer's password. Send the customer a password reset link instead.",
      );
    }
    expect((await call(rt, usersApi.detail, { token: c.token })).data().data.name).not.toBe('Taken Over');
    const login = await call(rt, usersApi.login, { body: { email: c.email, password: c.password }, ip: randomIp() });
    expect(login.statusCode).toBe(200);
    // The customer's own reset link still works: nothing was ended by the refused calls.
    const { iv, encryptedData } = linkParams(reset.text, '/reset-password');
    const own = 'Meadow-Compass-7714';
    const set = await call(rt, usersApi.resetPassword, {
      body: { password: own, confirm_password: own, iv, encrypted_data: encryptedData },
    });
    expect(set.statusCode).toBe(200);
  });

  it('a SuperAdmin sets it: the customer is emailed, every session and pending reset link ends, the audit names them', async () => {
    const c = await newCustomer(rt);
    await call(rt, usersApi.sendForgetPasswordLink, { body: { email: c.email }, ip: randomIp() });
    const reset = await rt.smtp.waitFor(c.email, (m) => m.subject.startsWith('Reset'));
    const newPassword = 'Harbour-Lantern-9033';
    const res = await call(rt, staffApi.customerUpdate, {
      token: root.token,
      body: { customerId: c.id, name: 'Kept Ltd', password: newPassword },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await rt.smtp.waitFor(c.email, (m) => m.subject.includes('changed by'));
    expect(mail.subject).toBe('Your Fleetdeck password was changed by Fleetdeck support');
    expect(mail.text).toContain('Your password was changed by Fleetdeck support');
    expect((await call(rt, usersApi.detail, { token: c.token })).statusCode).toBe(401);
    const { iv, encryptedData } = linkParams(reset.text, '/reset-password');
    const late = await call(rt, usersApi.resetPassword, {
      body: {
        password: 'Meadow-Compass-7715',
        confirm_password: 'Meadow-Compass-7715',
        iv,
        encrypted_data: encryptedData,
      },
    });
    expect(late.statusCode).toBe(400);
    const audit = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, 'Change Password')));
    expect(audit.map((a) => [a.actorKind, a.actorId])).toEqual([['staff', root.id]]);
  });

  it("Send password reset link: starts the customer's own reset flow, audited with the staff member; not for Content", async () => {
    const c = await newCustomer(rt);
    const res = await call(rt, staffApi.customerSendResetLink, { token: support.token, body: { customerId: c.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data().respones_msg).toBe(`A password reset link has been sent to ${c.email}.`);
    const mail = await rt.smtp.waitFor(c.email, (m) => m.subject.startsWith('Reset'));
    const { iv, encryptedData } = linkParams(mail.text, '/reset-password');
    const own = 'Meadow-Compass-7716';
    const set = await call(rt, usersApi.resetPassword, {
      body: { password: own, confirm_password: own, iv, encrypted_data: encryptedData },
    });
    expect(set.statusCode).toBe(200);
    const audit = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, 'Reset Link Sent')));
    expect(audit.map((a) => [a.actorKind, a.actorId])).toEqual([['staff', support.id]]);
    const refused = await call(rt, staffApi.customerSendResetLink, {
      token: content.token,
      body: { customerId: c.id },
    });
    expect(refused.statusCode).toBe(403);
    const missing = await call(rt, staffApi.customerSendResetLink, {
      token: admin.token,
      body: { customerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('disabling a customer (issue 24)', () => {
  it('ends its sessions and revokes its device tokens at once; enabling lets it sign in again', async () => {
    const c = await newCustomer(rt);
    await buy(rt, c, 'PD', 1);
    const device = await enrolDevice(rt, c);
    expect((await call(rt, policyApi.policy, { token: device.auth })).statusCode).toBe(200);
    const { token: staffSession } = (
      await call(rt, staffApi.bypassLogin, { token: support.token, body: { email: c.email } })
    ).data().data;

    const disabled = await call(rt, staffApi.customerDisable, {
      token: support.token,
      body: { customerId: c.id, disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.data().data.isDisabled).toBe(true);
    expect((await call(rt, usersApi.detail, { token: c.token })).statusCode).toBe(401);
    expect((await call(rt, usersApi.detail, { token: staffSession })).statusCode).toBe(401);
    expect((await call(rt, policyApi.policy, { token: device.auth })).statusCode).toBe(401);
    const login = await call(rt, usersApi.login, { body: { email: c.email, password: c.password }, ip: randomIp() });
    expect(login.statusCode).toBe(403);
    const detail = await call(rt, staffApi.customerDetail, { token: support.token, query: { customerId: c.id } });
    expect(detail.data().customerDetail.isDisabled).toBe(true);
    const audit = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, 'Account Disabled')));
    expect(audit.map((a) => [a.actorKind, a.actorId])).toEqual([['staff', support.id]]);

    const enabled = await call(rt, staffApi.customerDisable, {
      token: admin.token,
      body: { customerId: c.id, disabled: false },
    });
    expect(enabled.data().data.isDisabled).toBe(false);
    const again = await call(rt, usersApi.login, { body: { email: c.email, password: c.password }, ip: randomIp() });
    expect(again.statusCode).toBe(200);
    expect(
      (await call(rt, staffApi.customerDisable, { token: content.token, body: { customerId: c.id, disabled: true } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('reseller requests (DECISIONS §5)', () => {
  it('lists requests, and approval issues the personal coupon once; Support may not approve', async () => {
    const p = prefix();
    const c = await newCustomer(rt, { email: `${p}@example.com` });
    (await call(rt, usersApi.update, { token: c.token, body: { isResellerModeEnabled: true } })).data();
    const requested = (await list({ email: p, resellerStatus: 'Requested' })).data().data;
    expect(requested.map((r) => [r.email, r.isResellerModeEnabled, r.isResellerModeRequestApprove])).toEqual([
      [c.email, true, false],
    ]);
    const denied = await call(rt, staffApi.resellerApprove, { token: support.token, body: { customerId: c.id } });
    expect(denied.statusCode).toBe(403);
    const approved = (
      await call(rt, staffApi.resellerApprove, { token: admin.token, body: { customerId: c.id } })
    ).data();
    expect(approved.data.resellerCouponCode).toMatch(/^R-[A-Z0-9]{6}$/);
    const again = (await call(rt, staffApi.resellerApprove, { token: admin.token, body: { customerId: c.id } })).data();
    expect(again.data.resellerCouponCode).toBe(approved.data.resellerCouponCode);
    expect(await emailsOf({ email: p, resellerStatus: 'Requested' })).toEqual([]);
    expect(await emailsOf({ email: p, resellerStatus: 'Approved' })).toEqual([c.email]);
    const me = (await call(rt, usersApi.detail, { token: c.token })).data();
    expect(me.data.resellerCouponCode).toBe(approved.data.resellerCouponCode);
  });
});

describe('offline sales: payments/create (DECISIONS §8)', () => {
  let c: TestCustomer;
  beforeAll(async () => {
    c = await newCustomer(rt);
  });

  it('records a Success offline payment with the staff member and note, and the customer sees the seats on /plans', async () => {
    const res = (await pay({ customerId: c.id, priceId: 'UB', qty: 3, amount: 29.97, note: 'Invoice 1044' })).data();
    expect(res.data).toMatchObject({
      productName: expect.any(String),
      priceId: { identifier: 'UB' },
      family: 'UB',
      subscriptionType: 'recurring',
      subscriptionReason: 'offline',
      qty: 3,
      totalAmount: 29.97,
      status: 'Success',
      isOfflinePayment: true,
      note: 'Invoice 1044',
      recordedBy: admin.email,
    });
    const expiry = new Date(res.data.expiryAt!).getTime();
    expect(Math.abs(expiry - daysFromNow(365).getTime())).toBeLessThan(2 * 86_400_000);

    const plans = (await call(rt, plansApi.list, { token: c.token })).data().data;
    const ub = plans.recurringPriceList.find((p) => p.identifier === 'UB')!;
    expect(ub.totalPurchasedDevices).toBe(3);
    const seats = (
      await call(rt, staffApi.subscriptionDetail, {
        token: admin.token,
        query: { customerId: c.id, priceId: 'UB' },
      })
    ).data();
    expect(seats.totalPurchasedDevices).toBe(3);
    expect(seats.data.totalPurchasedDevices).toBe(3);

    // One-time plans: 3 years.
    const ot = (await pay({ customerId: c.id, priceId: 'KMOT', qty: 1, amount: 0 })).data();
    expect(new Date(ot.data.expiryAt!).getFullYear()).toBe(new Date().getFullYear() + 3);

    const audit = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.type, 'Payments')));
    expect(audit.map((a) => [a.actorKind, a.actorId])).toContainEqual(['staff', admin.id]);
    expect(audit.map((a) => a.message).join('\n')).toContain(`Offline payment recorded by ${admin.email}`);
  });

  it('is idempotent under the Idempotency-Key header (same key: same payment, one grant; other request: 409)', async () => {
    const key = `offline-${Date.now()}`;
    const body = { customerId: c.id, priceId: 'POBOT', qty: 2, amount: 20 };
    const [a, b] = await Promise.all([pay(body, { key }), pay(body, { key })]);
    expect(a.data().data._id).toBe(b.data().data._id);
    const grants = await rt.ctx.db
      .select()
      .from(licenceGrants)
      .where(and(eq(licenceGrants.customerId, c.id), eq(licenceGrants.family, 'POB')));
    expect(grants).toHaveLength(1);
    const other = await pay({ ...body, qty: 5 }, { key });
    expect(other.statusCode).toBe(409);
  });

  it('emails the customer once (real SMTP): product, seats, amount, validity and the plans link, not the staff note', async () => {
    const buyer = await newCustomer(rt, { name: 'Olive Offline' });
    const key = `offline-mail-${Date.now()}`;
    const body = { customerId: buyer.id, priceId: 'UB', qty: 3, amount: 29.97, note: 'Invoice 2001 (internal)' };
    const sale = (await pay(body, { key })).data().data;
    const mail = await rt.smtp.waitFor(buyer.email, (m) => m.subject.includes('added to your account'));
    expect(mail.subject).toBe(`${rt.ctx.config.productName}: 3 licences of ${sale.productName} added to your account`);
    expect(mail.text).toContain('Hello Olive Offline,');
    expect(mail.text).toContain(`payment of €29.97 for 3 licences of ${sale.productName}`);
    expect(mail.text).toContain(`valid until ${sale.expiryAt!.slice(0, 10)}`);
    expect(mail.text).toContain(`${rt.ctx.config.publicUrl}/plans`);
    expect(mail.raw).not.toContain('Invoice 2001');
    // The same key again is the same sale: no second email.
    expect((await pay(body, { key })).data().data._id).toBe(sale._id);
    // Every job the replay queued has run (a second email would be in the inbox by then).
    await rt.settle();
    expect(rt.smtp.inbox.filter((m) => m.to.includes(buyer.email) && m.subject.includes('added to'))).toHaveLength(1);
  });

  it('refuses Support and Content (403), unknown plans and customers (404) and bad input (400)', async () => {
    expect((await pay({ customerId: c.id, priceId: 'UB' }, { token: support.token })).statusCode).toBe(403);
    expect((await pay({ customerId: c.id, priceId: 'UB' }, { token: content.token })).statusCode).toBe(403);
    expect((await pay({ customerId: c.id, priceId: 'NOPE' })).statusCode).toBe(404);
    expect((await pay({ customerId: '00000000-0000-4000-8000-000000000000', priceId: 'UB' })).statusCode).toBe(404);
    for (const body of [{ qty: 0 }, { amount: -1 }, { qty: 1.5 }, { customerId: 'x' }, { priceId: 'PCHAT', qty: 1 }]) {
      const res = await pay({ customerId: c.id, priceId: 'UB', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('seat edits and enrolled devices (payments/subscription/update, deviceByProduct, delete/device)', () => {
  it('"No change made.", refuses fewer seats than devices, and a device deleted by staff is logged out', async () => {
    const c = await newCustomer(rt);
    const payment = (await pay({ customerId: c.id, priceId: 'PC', qty: 2, amount: 20 })).data().data;
    const d1 = await enrolDevice(rt, c, { appName: 'PC' });
    const d2 = await enrolDevice(rt, c, { appName: 'PC' });
    const update = (updatedQty: number, token = admin.token) =>
      call(rt, staffApi.subscriptionUpdate, { token, body: { id: payment._id, updatedQty } });

    const same = await update(2);
    expect(same.statusCode).toBe(400);
    expect(same.error()).toMatchObject({ code: 'E_NO_CHANGE', respones_msg: 'No change made.' });
    const tooFew = await update(1);
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.error()).toMatchObject({ code: 'E_SEATS_IN_USE' });
    expect((await update(3, support.token)).statusCode).toBe(403);

    const devices = (
      await call(rt, staffApi.deviceByProduct, {
        token: admin.token,
        query: { productIdentifier: 'PCOT', customerId: c.id },
      })
    ).data();
    expect(devices.total).toBe(2);
    expect(devices.data.map((d) => d.serialNumber).sort()).toEqual([d1.serialNumber, d2.serialNumber].sort());
    expect(Object.keys(devices.data[0]!).sort()).toEqual(['_id', 'deviceName', 'serialNumber']);
    const bad = await call(rt, staffApi.deviceByProduct, {
      token: admin.token,
      query: { productIdentifier: 'ZZ', customerId: c.id },
    });
    expect(bad.statusCode).toBe(400);

    const removed = await call(rt, staffApi.deleteDevice, { token: admin.token, query: { id: d2.deviceId } });
    expect(removed.data().respones_msg).toBe('Device logged out.');
    const next = await call(rt, devicesApi.status, { token: d2.auth, body: {} });
    expect(next.statusCode).toBe(401);
    expect(next.error().code).toBe('E_DEVICE_LOGGED_OUT');
    const twice = await call(rt, staffApi.deleteDevice, { token: admin.token, query: { id: d2.deviceId } });
    expect(twice.data().respones_msg).toBe('This device was already logged out.');
    const missing = await call(rt, staffApi.deleteDevice, {
      token: admin.token,
      query: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);

    const lowered = (await update(1)).data().data;
    expect(lowered.qty).toBe(1);
    const plans = (await call(rt, plansApi.list, { token: c.token })).data().data;
    expect(plans.recurringPriceList.find((p) => p.identifier === 'PC')!.totalPurchasedDevices).toBe(1);
    const row = (await list({ email: c.email })).data().data[0]!;
    expect([row.totalPurchasedDevices, row.totalUsedDevices]).toEqual([1, 1]);
    expect((await update(4)).data().data.qty).toBe(4);

    const audit = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, 'Logout')));
    expect(audit.map((a) => [a.actorKind, a.actorId])).toEqual([['staff', admin.id]]);
  });

  it('edits only Success payments', async () => {
    const c = await newCustomer(rt);
    const { payment } = await buy(rt, c, 'UB', 2, { status: 'Failed' });
    const res = await call(rt, staffApi.subscriptionUpdate, {
      token: admin.token,
      body: { id: payment.id, updatedQty: 3 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.error().code).toBe('E_PAYMENT_NOT_SUCCESS');
  });
});

describe('numbers staff type (issue 22, DECISIONS §14): refused, never clamped or truncated', () => {
  it('offline sale: a minus sign, a fraction, 0, over 100,000 seats and sub-cent amounts are 400s naming the field', async () => {
    const c = await newCustomer(rt);
    for (const [body, field, message] of [
      [{ qty: -3 }, 'qty', 'must be at least 1'],
      [{ qty: '-3' }, 'qty', 'must be at least 1'],
      [{ qty: 1.5 }, 'qty', 'must be a whole number'],
      [{ qty: 0 }, 'qty', 'must be at least 1'],
      [{ qty: 99999999 }, 'qty', 'must be at most 100,000'],
      [{ amount: -5 }, 'amount', 'must not be negative'],
      [{ amount: 1.005 }, 'amount', 'may have at most 2 decimals'],
    ] as const) {
      const res = await pay({ customerId: c.id, priceId: 'UB', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().code).toBe('E_VALIDATION');
      expect(res.error().errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
    const seats = await call(rt, staffApi.subscriptionDetail, {
      token: admin.token,
      query: { customerId: c.id, priceId: 'UB' },
    });
    expect(seats.data().totalPurchasedDevices).toBe(0);
    // 100,000 seats and two decimals are recorded as typed.
    const ok = (await pay({ customerId: c.id, priceId: 'UB', qty: 100000, amount: 1.05 })).data().data;
    expect([ok.qty, ok.totalAmount]).toEqual([100000, 1.05]);
  });

  it('seat edits refuse a minus sign, a fraction and over 100,000', async () => {
    const c = await newCustomer(rt);
    const payment = (await pay({ customerId: c.id, priceId: 'UB', qty: 2 })).data().data;
    for (const updatedQty of [-5, 1.5, 0, 99999999]) {
      const res = await call(rt, staffApi.subscriptionUpdate, {
        token: admin.token,
        body: { id: payment._id, updatedQty },
      });
      expect(res.statusCode, String(updatedQty)).toBe(400);
      expect(res.error().code).toBe('E_VALIDATION');
    }
  });

  it("a partly refunded payment's remaining seats can be edited (DECISIONS §14)", async () => {
    const c = await newCustomer(rt);
    const { payment } = await buy(rt, c, 'UB', 4);
    // Two of four seats refunded.
    await rt.ctx.db.update(licenceGrants).set({ seats: 2 }).where(eq(licenceGrants.paymentId, payment.id));
    await rt.ctx.db.execute(sql`update payments set status = 'Partially refunded' where id = ${payment.id}`);
    const update = (updatedQty: number) =>
      call(rt, staffApi.subscriptionUpdate, { token: admin.token, body: { id: payment.id, updatedQty } });
    const same = await update(2);
    expect(same.statusCode).toBe(400);
    expect(same.error().code).toBe('E_NO_CHANGE');
    const res = await update(3);
    expect(res.statusCode).toBe(200);
    // The refunded seats stay counted in the payment's qty; the live seats are the edit's.
    expect(res.data().data).toMatchObject({ qty: 5, status: 'Partially refunded' });
    const plans = (await call(rt, plansApi.list, { token: c.token })).data().data;
    const ub = [...plans.recurringPriceList, ...plans.oneTimePriceList].find((p) => p.identifier === 'UB')!;
    expect(ub.totalPurchasedDevices).toBe(3);
  });
});

describe('customers/detail', () => {
  it("answers the customer, their payments (paged), the prices and the customer's seat totals", async () => {
    const c = await newCustomer(rt);
    await buy(rt, c, 'PD', 5);
    (await pay({ customerId: c.id, priceId: 'UBOT', qty: 2, amount: 5 })).data();
    await enrolDevice(rt, c, { appName: 'PD' });
    const res = (
      await call(rt, staffApi.customerDetail, {
        token: support.token,
        query: { customerId: c.id, limit: 5 },
      })
    ).data();
    expect(res.customerDetail).toMatchObject({ _id: c.id, email: c.email, totalPurchasedDevices: 7 });
    expect(res.totalPurchasedDevices).toBe(7);
    expect(res.totalEnrolledDevices).toBe(1);
    expect(res.userSubscriptions.map((p) => [p.priceId.identifier, p.isOfflinePayment])).toEqual([
      ['UBOT', true],
      ['PD', false],
    ]);
    expect(res.userSubscriptionsPagination).toEqual({ page: 1, limit: 5, total: 2 });
    expect(res.prices.map((p) => p.identifier)).toEqual(expect.arrayContaining(['PD', 'PDOT', 'UB', 'UBOT', 'POB']));
    expect(res.data.customerDetail._id).toBe(c.id);
    const missing = await call(rt, staffApi.customerDetail, {
      token: admin.token,
      query: { customerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await call(rt, staffApi.customerDetail, { token: content.token, query: { customerId: c.id } })).statusCode,
    ).toBe(403);
  });
});
