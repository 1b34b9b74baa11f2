import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  FAMILIES,
  LICENCE_EXCEEDED_MESSAGE,
  type Dashboard,
  type FamilyLicence,
  licencesApi,
} from '@fleetdeck/contract';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { call } from '../../../test/support/call.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { addChatUser, buy, daysFromNow, enrol } from '../../../test/support/ledger.ts';
import { familyLicenceOf, freeSeats, licenceSummary, lockFamilyPool, monthWiseEnrolments } from './service.ts';
import { inTransaction } from '../../context.ts';
import { accountScope } from '../../lib/device-scope.ts';

let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const byFamily = (list: FamilyLicence[]) => Object.fromEntries(list.map((l) => [l.family, l]));

describe('licence ledger (service)', () => {
  it('answers all 8 families in order, zero for a new customer', async () => {
    const c = await newCustomer(rt);
    const list = await licenceSummary(rt.ctx.db, c.id);
    expect(list.map((l) => l.family)).toEqual([...FAMILIES]);
    for (const l of list) expect(l).toEqual({ family: l.family, purchased: 0, used: 0, expired: 0, exceeded: false });
  });

  it('counts unexpired unrevoked seats as purchased, expired ones as expired, revoked ones nowhere', async () => {
    const c = await newCustomer(rt);
    const db = rt.ctx.db;
    await buy(db, c.id, 'PD', 5);
    await buy(db, c.id, 'PDOT', 3);
    await buy(db, c.id, 'PD', 7, { expiresAt: daysFromNow(-1) }); // expired
    await buy(db, c.id, 'PD', 11, { revokedAt: new Date() }); // refunded
    await buy(db, c.id, 'PD', 13, { expiresAt: daysFromNow(-10), revokedAt: new Date() }); // expired and refunded
    await buy(db, c.id, 'PD', 17, { status: 'Failed' }); // no grant
    await buy(db, c.id, 'SL', 2);
    const l = byFamily(await licenceSummary(db, c.id));
    expect(l.PD).toEqual({ family: 'PD', purchased: 8, used: 0, expired: 7, exceeded: false });
    expect(l.SL?.purchased).toBe(2);
    expect(l.PC?.purchased).toBe(0);
    expect(l.PDOW?.purchased).toBe(0);
  });

  it('counts devices not logged out as used (per family) and chat users not deleted for PCHAT', async () => {
    const c = await newCustomer(rt);
    const db = rt.ctx.db;
    await buy(db, c.id, 'PC', 2);
    await buy(db, c.id, 'PCHAT', 2);
    await enrol(db, c.id, 'PC');
    await enrol(db, c.id, 'PC');
    await enrol(db, c.id, 'PC', { loggedOutAt: new Date() });
    await enrol(db, c.id, 'UB');
    await enrol(db, c.id, 'PCHAT'); // a device of the chat app does not use a chat seat
    await addChatUser(db, c.id);
    await addChatUser(db, c.id, { deletedAt: new Date() });
    const l = byFamily(await licenceSummary(db, c.id));
    expect(l.PC).toMatchObject({ purchased: 2, used: 2, exceeded: false });
    expect(l.UB).toMatchObject({ purchased: 0, used: 1, exceeded: true });
    expect(l.PCHAT).toMatchObject({ purchased: 2, used: 1, exceeded: false });
    expect(await freeSeats(db, c.id, 'PC')).toBe(0);
    expect(await freeSeats(db, c.id, 'UB')).toBe(0);
    expect(await freeSeats(db, c.id, 'PCHAT')).toBe(1);
    expect(await familyLicenceOf(db, c.id, 'UB')).toEqual(l.UB);
  });

  it('turns a family exceeded when its seats expire under enrolled devices', async () => {
    const c = await newCustomer(rt);
    const db = rt.ctx.db;
    await buy(db, c.id, 'KM', 1, { expiresAt: daysFromNow(-1) });
    await buy(db, c.id, 'KM', 1);
    await enrol(db, c.id, 'KM');
    expect(await familyLicenceOf(db, c.id, 'KM')).toEqual({
      family: 'KM',
      purchased: 1,
      used: 1,
      expired: 1,
      exceeded: false,
    });
    await enrol(db, c.id, 'KM');
    expect((await familyLicenceOf(db, c.id, 'KM')).exceeded).toBe(true);
  });

  it('lockFamilyPool serialises two takers of the last seat', async () => {
    const c = await newCustomer(rt);
    const db = rt.ctx.db;
    await buy(db, c.id, 'POB', 1);
    const take = () =>
      inTransaction(db, async (tx) => {
        await lockFamilyPool(tx, c.id, 'POB');
        if ((await freeSeats(tx, c.id, 'POB')) < 1) return false;
        await new Promise((r) => setTimeout(r, 50));
        await tx.execute(
          sql`insert into devices (customer_id, family, serial_number) values (${c.id}, 'POB', ${crypto.randomUUID()})`,
        );
        return true;
      });
    const results = await Promise.all([take(), take(), take()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await familyLicenceOf(db, c.id, 'POB')).used).toBe(1);
  });

  it('counts enrolments per UTC month of the asked year only, logged out or not', async () => {
    const c = await newCustomer(rt);
    const other = await newCustomer(rt);
    const db = rt.ctx.db;
    const year = new Date().getUTCFullYear();
    await enrol(db, c.id, 'PD', { enrolledAt: new Date(Date.UTC(year, 0, 1, 0, 0, 1)) });
    await enrol(db, c.id, 'PD', { enrolledAt: new Date(Date.UTC(year, 0, 31, 23, 59)) });
    await enrol(db, c.id, 'PC', { enrolledAt: new Date(Date.UTC(year, 5, 15)), loggedOutAt: new Date() });
    await enrol(db, c.id, 'UB', { enrolledAt: new Date(Date.UTC(year, 11, 31, 23, 59, 59)) });
    await enrol(db, c.id, 'UB', { enrolledAt: new Date(Date.UTC(year - 1, 11, 31, 23, 59, 59)) });
    await enrol(db, c.id, 'UB', { enrolledAt: new Date(Date.UTC(year + 1, 0, 1)) });
    await enrol(db, other.id, 'PD', { enrolledAt: new Date(Date.UTC(year, 0, 10)) });
    expect(await monthWiseEnrolments(db, accountScope(c.id), year)).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]);
    expect(await monthWiseEnrolments(db, accountScope(c.id), year - 1)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });
});

describe('GET licences/summary', () => {
  it('answers 401 with is_logout without a token', async () => {
    for (const endpoint of [licencesApi.summary, licencesApi.dashboard]) {
      const res = await call(rt, endpoint);
      expect(res.statusCode).toBe(401);
      expect(jsonOf(res)).toMatchObject({ is_logout: 1, code: 'E_UNAUTHORIZED' });
    }
  });

  it('has no banner message while seats cover the devices, and the message once exceeded', async () => {
    const c = await newCustomer(rt);
    const db = rt.ctx.db;
    await buy(db, c.id, 'PD', 2);
    await enrol(db, c.id, 'PD');
    await enrol(db, c.id, 'PD');
    let body = jsonOf<{
      data: FamilyLicence[];
      exceeded: boolean;
      device_exceeded_message: string | null;
      enrolledDevices: number;
      purchasedDevices: number;
    }>(await call(rt, licencesApi.summary, { token: c.token }));
    expect(body).toMatchObject({
      exceeded: false,
      device_exceeded_message: null,
      enrolledDevices: 2,
      purchasedDevices: 2,
    });
    expect(body.data).toHaveLength(8);

    await enrol(db, c.id, 'PD');
    body = jsonOf(await call(rt, licencesApi.summary, { token: c.token }));
    expect(body.exceeded).toBe(true);
    expect(body.device_exceeded_message).toBe(LICENCE_EXCEEDED_MESSAGE);
    expect(body.device_exceeded_message).toBe('Your enrolled licences exceed then available licences.');
    expect(byFamily(body.data).PD).toMatchObject({ purchased: 2, used: 3, exceeded: true });
  });
});

describe('GET dashboard', () => {
  it('fills every number from the ledger', async () => {
    const c = await newCustomer(rt);
    const db = rt.ctx.db;
    const year = new Date().getUTCFullYear();
    await buy(db, c.id, 'PD', 10);
    await buy(db, c.id, 'PDOT', 4);
    await buy(db, c.id, 'PDOT', 100, { expiresAt: daysFromNow(-1) });
    await buy(db, c.id, 'PDOT', 50, { revokedAt: new Date() });
    await buy(db, c.id, 'PC', 3);
    await buy(db, c.id, 'PCHAT', 3);
    for (const [family, month] of [
      ['PD', 0],
      ['PD', 0],
      ['PD', 2],
      ['PDOW', 3],
      ['PC', 3],
      ['UB', 4],
      ['UB', 4],
      ['KM', 6],
      ['POB', 7],
      ['SL', 8],
    ] as const) {
      await enrol(db, c.id, family, { enrolledAt: new Date(Date.UTC(year, month, 10)) });
    }
    await enrol(db, c.id, 'PD', { enrolledAt: new Date(Date.UTC(year, 1, 10)), loggedOutAt: new Date() });
    await addChatUser(db, c.id);
    await addChatUser(db, c.id);

    const res = await call(rt, licencesApi.dashboard, { token: c.token });
    expect(res.statusCode).toBe(200);
    const d = jsonOf<{ data: Dashboard }>(res).data;
    expect(d).toMatchObject({
      purchasedDevices: 20,
      pdOnetimeDevices: 4,
      enrolDevices: 10,
      pdEnrolledDevices: 3,
      pdOWEnrolledDevices: 1,
      pcEnrolledDevices: 1,
      ubEnrolledDevices: 2,
      upEnrolledDevices: 2,
      kmEnrolledDevices: 1,
      pobEnrolledDevices: 1,
      slEnrolledDevices: 1,
      pChatUsers: 2,
      licenceExceeded: true, // UB, KM, POB, SL, PDOW have no seats
    });
    expect(d.monthWiseDeviceCount).toHaveLength(12);
    expect(d.monthWiseDeviceCount).toEqual([2, 1, 1, 2, 2, 0, 1, 1, 1, 0, 0, 0]);
    expect(byFamily(d.licences).PD).toEqual({ family: 'PD', purchased: 14, used: 3, expired: 100, exceeded: false });
  });

  it('is not exceeded when every family is covered', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'UB', 1);
    await enrol(rt.ctx.db, c.id, 'UB');
    const d = jsonOf<{ data: Dashboard }>(await call(rt, licencesApi.dashboard, { token: c.token })).data;
    expect(d.licenceExceeded).toBe(false);
    expect(d.monthWiseDeviceCount.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('shows a customer none of the seats, devices or chat users of another (matrix)', async () => {
    const owner = await newCustomer(rt);
    const stranger = await newCustomer(rt);
    const db = rt.ctx.db;
    await buy(db, owner.id, 'PD', 9);
    await buy(db, owner.id, 'PDOT', 9);
    await buy(db, owner.id, 'PCHAT', 9);
    await enrol(db, owner.id, 'PD');
    await enrol(db, owner.id, 'SL');
    await addChatUser(db, owner.id);

    const d = jsonOf<{ data: Dashboard }>(await call(rt, licencesApi.dashboard, { token: stranger.token })).data;
    expect(d.purchasedDevices).toBe(0);
    expect(d.pdOnetimeDevices).toBe(0);
    expect(d.enrolDevices).toBe(0);
    expect(d.pChatUsers).toBe(0);
    expect(d.monthWiseDeviceCount).toEqual(Array(12).fill(0));
    expect(d.licenceExceeded).toBe(false);
    const s = jsonOf<{ data: FamilyLicence[]; purchasedDevices: number }>(
      await call(rt, licencesApi.summary, { token: stranger.token }),
    );
    expect(s.purchasedDevices).toBe(0);
    expect(s.data.every((l) => l.purchased === 0 && l.used === 0)).toBe(true);

    const mine = jsonOf<{ data: Dashboard }>(await call(rt, licencesApi.dashboard, { token: owner.token })).data;
    expect(mine.purchasedDevices).toBe(27);
    expect(mine.licenceExceeded).toBe(true); // SL device without seats
  });
});
