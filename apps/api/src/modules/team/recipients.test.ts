import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyApi } from '@fleetdeck/contract';
import { emailOutbox, rolloutDevices, rollouts } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { newMember, type TestMember } from '../../../test/support/factory.ts';
import { pdGroup, pdTemplate, rolloutPausingOnFailure } from '../../../test/support/fleet.ts';
import { card, checkout, confirm } from '../../../test/support/payments.ts';
import { fleetOwner, profileRow, type Device } from '../../../test/support/profiles.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';
import { advanceRollout } from '../fleet/rollouts-jobs.ts';
import { recipientEmails } from './repository.ts';

/**
 * Who is told (DECISIONS §12): emails about the account's state go to its Owners and Admins, emails about its money
 * to its Owners and Billing members; the others get none. Delivered through the runtime's SMTP peer.
 */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
let admin: TestMember;
let billing: TestMember;
let technician: TestMember;
let viewer: TestMember;

beforeAll(async () => {
  rt = await startFileRuntime();
  owner = await fleetOwner(rt, 10);
  admin = await newMember(rt, owner, 'Admin', { name: 'Ada Admin' });
  billing = await newMember(rt, owner, 'Billing', { name: 'Bill Billing' });
  technician = await newMember(rt, owner, 'Technician');
  viewer = await newMember(rt, owner, 'Viewer');
});
afterAll(() => rt.close());

/** The addresses an email of this template about the account was queued to. */
async function queuedTo(template: string) {
  const everyone = [owner.email, admin.email, billing.email, technician.email, viewer.email];
  const rows = await rt.ctx.db
    .select({ to: emailOutbox.toAddress })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, template), inArray(emailOutbox.toAddress, everyone)));
  return rows.map((r) => r.to).sort();
}

describe('recipientEmails', () => {
  it('answers Owners and Admins for the account, Owners and Billing members for its money; removed ones are not told', async () => {
    expect(await recipientEmails(rt.ctx.db, owner.id, 'account')).toEqual([owner.email, admin.email]);
    expect(await recipientEmails(rt.ctx.db, owner.id, 'billing')).toEqual([owner.email, billing.email]);
    expect(await recipientEmails(rt.ctx.db, owner.id, 'payment-failure')).toEqual([
      owner.email,
      admin.email,
      billing.email,
    ]);
    const gone = await newMember(rt, owner, 'Billing');
    expect(await recipientEmails(rt.ctx.db, owner.id, 'billing')).toContain(gone.email);
    await rt.ctx.db.execute(sql`update account_members set removed_at = now() where id = ${gone.id}`);
    expect(await recipientEmails(rt.ctx.db, owner.id, 'billing')).toEqual([owner.email, billing.email]);
  });
});

describe('payment emails', () => {
  it('go to the Owner and the Billing member, each greeted by name (a failure to the Admin too); never the Technician', async () => {
    const paid = await checkout(rt, owner.token, { priceId: 'SLOT', qty: 1 });
    expect((await confirm(rt, paid.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    const receipt = await rt.smtp.waitFor(billing.email, (m) => m.subject.includes('order confirmation'));
    expect(receipt.text).toContain('Bill Billing');
    await rt.smtp.waitFor(owner.email, (m) => m.subject.includes('order confirmation'));
    expect(await queuedTo('order-confirmation')).toEqual([owner.email, billing.email].sort());

    const declined = await checkout(rt, owner.token, { priceId: 'SLOT', qty: 1 });
    expect((await confirm(rt, declined.clientSecret, card('4000000000000002'))).statusCode).toBe(402);
    const failed = await rt.smtp.waitFor(billing.email, (m) => m.subject.includes('payment failed'));
    expect(failed.text).toContain('Your card was declined.');
    // A failed payment concerns the account as well (issue 27): its Admins are told too.
    expect(await queuedTo('payment-failed')).toEqual([owner.email, admin.email, billing.email].sort());
    expect(rt.smtp.inbox.some((m) => m.to.includes(technician.email))).toBe(false);
  });
});

describe('account emails', () => {
  it('a rollout that pauses itself tells the Owner and the Admin, not the Billing member or the Technician', async () => {
    const fleet: Device[] = [];
    for (let i = 0; i < 2; i++) fleet.push(await owner.enrol('PD'));
    const template = await pdTemplate(rt, owner.id, 'Strict', '1111');
    const group = await pdGroup(
      rt,
      owner.id,
      'Warehouse',
      fleet.map((d) => d.profileId),
    );
    const rollout = await rolloutPausingOnFailure(rt, admin.token, template, group);
    const [row] = await rt.ctx.db.select().from(rolloutDevices).where(eq(rolloutDevices.rolloutId, rollout._id));
    const device = fleet.find((d) => d.profileId === row!.profileId)!;
    const version = (await profileRow(rt, device.profileId)).policyVersion;
    const ack = await call(rt, policyApi.ack, {
      token: device.auth,
      body: { version, result: 'Failed', message: 'Kiosk app missing' },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    // The failure is recorded against the rollout's version (else nothing would pause).
    expect(row!.policyVersion).toBe(version);
    const [decided] = await rt.ctx.db
      .select()
      .from(rolloutDevices)
      .where(and(eq(rolloutDevices.rolloutId, rollout._id), eq(rolloutDevices.profileId, row!.profileId)));
    expect(decided!.state).toBe('failed');
    // This step or the worker's own chain (whichever takes the rollout's lock first) pauses it.
    await advanceRollout(rt.ctx, rollout._id, { wait: true });
    const [paused] = await rt.ctx.db.select().from(rollouts).where(eq(rollouts.id, rollout._id));
    expect(paused!.state).toBe('paused');
    expect(await queuedTo('rollout-paused')).toEqual([owner.email, admin.email].sort());

    // Delivered through the SMTP peer (a worker job; 30 s leaves room for one retry on a loaded CI machine).
    const mail = await rt.smtp.waitFor(admin.email, (m) => m.subject.includes('paused itself'), 30_000);
    expect(mail.text).toContain('Ada Admin');
    await rt.smtp.waitFor(owner.email, (m) => m.subject.includes('paused itself'), 30_000);
  });
});
