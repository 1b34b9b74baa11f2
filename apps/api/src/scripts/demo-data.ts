import crypto from 'node:crypto';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FAMILY_PLANS, familyOfPlan, type Family, type PlanCode } from '@fleetdeck/contract';
import { SimulatedDevice, deviceProfile, hashSeed } from '@fleetdeck/device-sim';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { clearAllFailedLogins } from '../db/account-lockout.ts';
import {
  chatUsers,
  customers,
  deviceGroups,
  devices,
  licenceGrants,
  paymentMethods,
  payments,
  plans,
  policyTemplates,
  profiles,
  subscriptions,
} from '../db/schema.ts';
import { isCommonPassword } from '../lib/common-passwords.ts';
import { hashPassword, randomToken, sha256 } from '../lib/crypto.ts';
import type { CustomerActor } from '../lib/actor.ts';
import { logoutDevice } from '../modules/devices/service.ts';
import { issueInvoice } from '../modules/invoices/service.ts';
import { applyProfile } from '../modules/policy/service.ts';
import { addDevices, createGroup } from '../modules/fleet/groups-service.ts';
import { createTemplate } from '../modules/fleet/templates-service.ts';
import { findMemberByEmail, insertMember, updateMember } from '../modules/team/repository.ts';
import { enrolmentTokenOf, newEnrolmentToken } from '../modules/users/service.ts';
import { injectFetch } from './inject-fetch.ts';

/**
 * Demo data (`npm run seed:demo`): a verified customer with purchases, a failed payment, licence grants,
 * subscriptions, Power Chat users and 20 devices enrolled over the months of the current year, so every
 * screen of the portal has something to show. Idempotent: each row has a fixed key (idempotency key,
 * serial number, chat user id) and is inserted only when missing; only the password is set again.
 *
 * The devices are simulated Android devices (packages/device-sim) speaking the real device API through an
 * in-process app (`app.inject`): they enrol with the customer's QR token (taking seats as real ones do),
 * report status and their app inventory, fetch and acknowledge their policy and send a few log rows. A new
 * device's enrolment date is then moved back into the year, for the dashboard chart. Running again
 * re-enrols the same serial numbers (no new seat, a new device token, fresh status and logs: they show
 * online again); the two demo devices that were logged out stay logged out.
 */

export const DEMO_EMAIL = 'demo@fleetdeck.local';
/** A Technician of the demo account limited to the "Front desks" group (DECISIONS §12), same password. */
export const DEMO_TECHNICIAN_EMAIL = 'technician@fleetdeck.local';
const DAY = 86_400_000;

interface DemoPurchase {
  key: string;
  plan: PlanCode;
  qty: number;
  daysAgo: number;
  status: 'Success' | 'Failed';
  subscription?: boolean;
}

const PURCHASES: DemoPurchase[] = [
  { key: 'pd-subscription', plan: 'PD', qty: 10, daysAgo: 75, status: 'Success', subscription: true },
  { key: 'pd-onetime', plan: 'PDOT', qty: 5, daysAgo: 140, status: 'Success' },
  { key: 'pc-subscription', plan: 'PC', qty: 5, daysAgo: 60, status: 'Success', subscription: true },
  { key: 'km-onetime', plan: 'KMOT', qty: 3, daysAgo: 40, status: 'Success' },
  { key: 'pchat-subscription', plan: 'PCHAT', qty: 3, daysAgo: 20, status: 'Success', subscription: true },
  { key: 'ub-declined', plan: 'UB', qty: 2, daysAgo: 10, status: 'Failed' },
];

/**
 * 20 devices of four apps: 13 of the PD family (10 PD app, 3 PD one-time app; 2 of them logged out), 4 PC,
 * 3 KM; all within the seats bought above (15 PD, 5 PC, 3 KM), counting the logged-out ones, which held a
 * seat until their logout.
 */
const DEVICES: { app: PlanCode; loggedOut?: boolean }[] = [
  ...Array.from({ length: 13 }, (_, i) => ({
    app: i < 10 ? ('PD' as const) : ('PDOT' as const),
    loggedOut: i === 3 || i === 8,
  })),
  ...Array.from({ length: 4 }, () => ({ app: 'PC' as const })),
  ...Array.from({ length: 3 }, () => ({ app: 'KM' as const })),
];

/** Serial numbers DEMO-<family>-001…, per family. */
export const DEMO_SERIAL_PREFIX = 'DEMO-';

const CHAT_USERS = ['Dispatch', 'Warehouse lead'];

export function demoPassword(fromEnv: string | undefined): string {
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 8 || fromEnv.length > 128 || isCommonPassword(fromEnv)) {
      throw new Error('DEMO_PASSWORD must be 8 to 128 characters and not a common password.');
    }
    return fromEnv;
  }
  return `Demo-${crypto.randomBytes(9).toString('base64url')}`;
}

async function upsertCustomer(ctx: Pick<AppContext, 'secrets'>, tx: DbOrTx, passwordHash: string) {
  const now = new Date();
  const [existing] = await tx.select().from(customers).where(eq(customers.email, DEMO_EMAIL));
  if (existing) {
    await tx
      .update(customers)
      .set({
        passwordHash,
        emailVerifiedAt: existing.emailVerifiedAt ?? now,
        disabledAt: null,
        updatedAt: now,
      })
      .where(eq(customers.id, existing.id));
    await clearAllFailedLogins(tx, 'customer', existing.id);
    return existing.id;
  }
  const [row] = await tx
    .insert(customers)
    .values({
      email: DEMO_EMAIL,
      name: 'Demo Customer',
      passwordHash,
      phoneNumber: '+447700900123',
      countryCode: '+44',
      country: 'GB',
      emailVerifiedAt: now,
      ...newEnrolmentToken(ctx),
    })
    .returning({ id: customers.id });
  return row!.id;
}

export interface DemoResult {
  email: string;
  password: string;
  customerId: string;
  /** Demo devices that went through the device API in this run (the logged-out ones are skipped on re-runs). */
  devicesEnrolled: number;
  /** The team member who signs in with the same password (a Technician of the first group). */
  technicianEmail: string;
}

/**
 * @param opts.app the Fastify app whose device API the simulated devices call (through `inject`); built from
 *   `ctx` (and closed again) when absent.
 */
export async function seedDemoData(
  ctx: AppContext,
  db: Db,
  opts: { password?: string; now?: Date; app?: FastifyInstance } = {},
): Promise<DemoResult> {
  const password = demoPassword(opts.password);
  const passwordHash = await hashPassword(password);
  const chatPasswordHash = await hashPassword(crypto.randomBytes(12).toString('base64url'));
  const now = opts.now ?? new Date();

  const customerId = await db.transaction(async (tx) => {
    // Two seeders at once would race on the fixed keys; take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fleetdeck:seed-demo'))`);
    const customerId = await upsertCustomer(ctx, tx, passwordHash);
    const tag = customerId.slice(0, 8);

    await tx
      .insert(paymentMethods)
      .values({
        customerId,
        provider: 'sandbox',
        providerPmId: `pm_demo_${tag}`,
        type: 'card',
        card: { brand: 'visa', country: 'DE', exp_month: 12, exp_year: now.getUTCFullYear() + 3, last4: '4242' },
        isDefault: true,
      })
      .onConflictDoNothing();

    const planRows = await tx.select().from(plans);
    let pdExpiry: Date | null = null;
    for (const p of PURCHASES) {
      const plan = planRows.find((r) => r.identifier === p.plan);
      if (!plan) throw new Error(`plan ${p.plan} is missing from the catalogue`);
      const createdAt = new Date(now.getTime() - p.daysAgo * DAY);
      const expiresAt = new Date(createdAt.getTime() + (plan.type === 'recurring' ? 365 : 3 * 365) * DAY);
      const family = familyOfPlan(p.plan);
      const idempotencyKey = `demo-seed:${p.key}`;

      let subscriptionId: string | null = null;
      if (p.subscription) {
        await tx
          .insert(subscriptions)
          .values({
            customerId,
            planId: plan.id,
            family,
            provider: 'sandbox',
            providerSubscriptionId: `sub_demo_${tag}_${p.key}`,
            quantity: p.qty,
            status: 'active',
            currentPeriodEnd: expiresAt,
            createdAt,
          })
          .onConflictDoNothing();
        const [sub] = await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.planId, plan.id)));
        subscriptionId = sub?.id ?? null;
      }

      const unit = Number(plan.amount);
      await tx
        .insert(payments)
        .values({
          customerId,
          planId: plan.id,
          planIdentifier: plan.identifier,
          family,
          productName: plan.name,
          subscriptionType: plan.type,
          subscriptionReason: plan.type === 'recurring' ? 'subscription_create' : 'onetime',
          qty: p.qty,
          unitAmount: plan.amount,
          totalAmount: (unit * p.qty).toFixed(2),
          status: p.status,
          message: p.status === 'Failed' ? 'Your card was declined.' : null,
          errorCode: p.status === 'Failed' ? 'card_declined' : null,
          paymentMethod: { type: 'card', card: { brand: 'visa', last4: p.status === 'Failed' ? '0002' : '4242' } },
          provider: 'sandbox',
          providerRef: `pi_demo_${tag}_${p.key}`,
          providerSubscriptionId: p.subscription ? `sub_demo_${tag}_${p.key}` : null,
          idempotencyKey,
          expiryAt: p.status === 'Success' ? expiresAt : null,
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing();
      const [payment] = await tx
        .select({ id: payments.id, expiryAt: payments.expiryAt })
        .from(payments)
        .where(and(eq(payments.customerId, customerId), eq(payments.idempotencyKey, idempotencyKey)));
      if (!payment) throw new Error(`demo payment ${p.key} was not written`);

      if (p.status === 'Success') {
        // Numbered like every Success payment (issue 22): the demo's payment history offers its invoice PDFs.
        await issueInvoice(tx, payment.id, createdAt);
        await tx
          .insert(licenceGrants)
          .values({
            customerId,
            family,
            paymentId: payment.id,
            subscriptionId,
            seats: p.qty,
            startsAt: createdAt,
            expiresAt,
            createdAt,
          })
          .onConflictDoNothing();
        if (p.plan === FAMILY_PLANS.PD.recurring) pdExpiry = payment.expiryAt ?? expiresAt;
      }
    }
    if (pdExpiry)
      await tx.update(customers).set({ subscriptionExpireAt: pdExpiry }).where(eq(customers.id, customerId));

    await tx
      .insert(chatUsers)
      .values(
        CHAT_USERS.map((name, i) => ({
          customerId,
          name,
          userId: `demo-${tag}-chat-${i + 1}`,
          passwordHash: chatPasswordHash,
        })),
      )
      .onConflictDoNothing();
    return customerId;
  });
  // After the commit: enrolment counts the seats granted above.
  const devicesEnrolled = await enrolDemoDevices(ctx, customerId, now, opts.app);
  await seedDemoFleet(ctx, customerId);
  await seedDemoTechnician(ctx, customerId, passwordHash);
  return { email: DEMO_EMAIL, password, customerId, devicesEnrolled, technicianEmail: DEMO_TECHNICIAN_EMAIL };
}

/** When a demo device was enrolled: spread over the months of this year so far, never in the future. */
function demoEnrolledAt(i: number, now: Date) {
  const year = now.getUTCFullYear();
  const months = now.getUTCMonth() + 1;
  const month = Math.floor((i * months) / DEVICES.length);
  const at = new Date(Date.UTC(year, month, 1 + ((i * 7) % 27), 8 + (i % 9), (i * 13) % 60));
  return at.getTime() > now.getTime() ? new Date(now.getTime() - (DEVICES.length - i) * 3_600_000) : at;
}

/** The demo devices through the device API (see the comment at the top). Answers how many ran. */
async function enrolDemoDevices(ctx: AppContext, customerId: string, now: Date, given?: FastifyInstance) {
  const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new Error('the demo customer is missing');
  const enrolmentToken = enrolmentTokenOf(ctx, customer);
  const known = new Map(
    (
      await ctx.db
        .select({ family: devices.family, serialNumber: devices.serialNumber, loggedOutAt: devices.loggedOutAt })
        .from(devices)
        .where(and(eq(devices.customerId, customerId), like(devices.serialNumber, `${DEMO_SERIAL_PREFIX}%`)))
    ).map((d) => [`${d.family}:${d.serialNumber}`, d]),
  );

  const app = given ?? (await buildApp(ctx, { serveWeb: false }));
  let ran = 0;
  try {
    const fetch = injectFetch(app);
    const counters: Partial<Record<Family, number>> = {};
    for (const [i, d] of DEVICES.entries()) {
      const family = familyOfPlan(d.app);
      const n = String((counters[family] = (counters[family] ?? 0) + 1)).padStart(3, '0');
      const serialNumber = `${DEMO_SERIAL_PREFIX}${family}-${n}`;
      const before = known.get(`${family}:${serialNumber}`);
      // Re-enrolling a logged-out device would take a seat again: it stays as it is.
      if (d.loggedOut && before?.loggedOutAt) continue;

      const model = deviceProfile(hashSeed(serialNumber)).deviceModel.replace(/ \(.*\)$/, '');
      // A demo device still enrolled re-enrols as the real app would, with its credential (DECISIONS §6): the
      // seed issues it one here, since the previous run's token was not kept.
      let held: string | undefined;
      if (before && !before.loggedOutAt) {
        held = randomToken();
        await ctx.db
          .update(devices)
          .set({ tokenHash: sha256(held) })
          .where(
            and(eq(devices.customerId, customerId), eq(devices.family, family), eq(devices.serialNumber, serialNumber)),
          );
      }
      const device = new SimulatedDevice({
        baseUrl: ctx.config.publicUrl,
        fetch,
        enrolmentToken,
        appName: d.app,
        serialNumber,
        deviceName: `${model} #${n.slice(1)}`,
        ...(held ? { deviceToken: held } : {}),
      });
      // Enrol, status, inventory, policy fetch, a few log rows.
      await device.once();
      ran++;
      // The console's steps are the customer's, from this machine.
      const customer: CustomerActor = { kind: 'customer', id: customerId, ip: '127.0.0.1' };
      if (!before && !d.loggedOut && device.profileId) {
        // A first Apply from the console, fetched and acknowledged by the device: "Up to date" in the list.
        await applyProfile(ctx, customer, device.profileId);
        await device.syncPolicy();
      }
      if (d.loggedOut) await logoutDevice(ctx, customer, { serialNumber, appName: d.app });

      if (!before) {
        // New: date it back into the year (the chart); a logged-out one left 20 days after its enrolment.
        const enrolledAt = demoEnrolledAt(i, now);
        const deviceId = device.deviceId!;
        await ctx.db
          .update(devices)
          .set({
            enrolledAt,
            appInstallationDate: enrolledAt,
            createdAt: enrolledAt,
            ...(d.loggedOut ? { loggedOutAt: new Date(Math.min(now.getTime(), enrolledAt.getTime() + 20 * DAY)) } : {}),
          })
          .where(eq(devices.id, deviceId));
        await ctx.db.update(profiles).set({ createdAt: enrolledAt }).where(eq(profiles.deviceId, deviceId));
      }
    }
  } finally {
    if (!given) await app.close();
  }
  return ran;
}

/** The demo's template (a snapshot of its first PD device) and its two groups (issue 25, DECISIONS §10). */
export const DEMO_TEMPLATE = 'Front desk kiosk';
export const DEMO_GROUPS = ['Front desks', 'Warehouse'] as const;

/**
 * A template and two groups of the PD devices through the fleet services (as the console makes them): "Front desks"
 * with the template (its devices get it applied) holds the first half, "Warehouse" without one the rest. Once only:
 * a run that finds the template leaves everything as it is.
 */
async function seedDemoFleet(ctx: AppContext, customerId: string) {
  const [existing] = await ctx.db
    .select({ id: policyTemplates.id })
    .from(policyTemplates)
    .where(and(eq(policyTemplates.customerId, customerId), eq(policyTemplates.name, DEMO_TEMPLATE)));
  if (existing) return;
  const pd = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(devices, eq(devices.id, profiles.deviceId))
    .where(and(eq(profiles.customerId, customerId), eq(profiles.family, 'PD'), isNull(devices.loggedOutAt)))
    .orderBy(devices.serialNumber);
  if (pd.length === 0) return;
  const actor: CustomerActor = { kind: 'customer', id: customerId, ip: null };
  const template = await createTemplate(ctx, actor, { name: DEMO_TEMPLATE, fromProfileId: pd[0]!.id });
  const half = Math.ceil(pd.length / 2);
  const members = [pd.slice(0, half), pd.slice(half)];
  for (const [i, name] of DEMO_GROUPS.entries()) {
    const group = await createGroup(ctx, actor, {
      name,
      family: 'PD',
      templateId: i === 0 ? template._id : null,
    });
    const ids = members[i]!.map((p) => p.id);
    if (ids.length > 0) await addDevices(ctx, actor, group._id, ids);
  }
}

/**
 * A Technician of the demo account limited to the first demo group, as an accepted invite leaves them (DECISIONS §12):
 * inserted once; on later runs only the password is set again, like the account's.
 */
async function seedDemoTechnician(ctx: AppContext, customerId: string, passwordHash: string) {
  const [group] = await ctx.db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.customerId, customerId), eq(deviceGroups.name, DEMO_GROUPS[0])));
  const existing = await findMemberByEmail(ctx.db, DEMO_TECHNICIAN_EMAIL);
  if (existing) {
    await updateMember(ctx.db, existing.id, { passwordHash });
    return;
  }
  await insertMember(ctx.db, {
    customerId,
    email: DEMO_TECHNICIAN_EMAIL,
    name: 'Terry Technician',
    passwordHash,
    role: 'Technician',
    groupIds: group ? [group.id] : null,
  });
}
