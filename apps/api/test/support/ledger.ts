import type { Family } from '@fleetdeck/contract';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { refreshSeatSummary } from '../../src/modules/licences/seats.ts';
import { chatUsers, customers, devices, licenceGrants, payments, plans, subscriptions } from '../../src/db/schema.ts';

/** Rows of the licence ledger written straight into the database, as the payment events would. */

const DAY = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

export async function customerIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  if (!row) throw new Error(`no customer ${email}`);
  return row.id;
}

export async function planOf(db: Db, identifier: string) {
  const [row] = await db.select().from(plans).where(eq(plans.identifier, identifier));
  if (!row) throw new Error(`no plan ${identifier}`);
  return row;
}

/** The columns of a payments row that come from its plan: `qty` of it at the plan's amount. */
export function planPayment(plan: Awaited<ReturnType<typeof planOf>>, qty: number) {
  return {
    planId: plan.id,
    planIdentifier: plan.identifier,
    family: plan.family,
    productName: plan.name,
    subscriptionType: plan.type,
    qty,
    unitAmount: plan.amount,
    totalAmount: (Number(plan.amount) * qty).toFixed(2),
  };
}

/** A payment of `seats` on a plan and, when it succeeded, its grant. */
export async function buy(
  db: Db,
  customerId: string,
  identifier: string,
  seats: number,
  opts: {
    expiresAt?: Date;
    revokedAt?: Date | null;
    status?: 'Success' | 'Failed' | 'Pending' | 'Refunded';
    subscriptionId?: string | null;
  } = {},
) {
  const plan = await planOf(db, identifier);
  const status = opts.status ?? 'Success';
  const [payment] = await db
    .insert(payments)
    .values({
      customerId,
      ...planPayment(plan, seats),
      subscriptionReason: plan.type === 'recurring' ? 'subscription_create' : 'onetime',
      status,
      provider: 'sandbox',
      providerRef: `pi_test_${crypto.randomUUID()}`,
      paymentMethod: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    })
    .returning();
  if (!payment) throw new Error('payment not inserted');
  if (status !== 'Success' && status !== 'Refunded') return { payment, grant: null };
  const [grant] = await db
    .insert(licenceGrants)
    .values({
      customerId,
      family: plan.family,
      paymentId: payment.id,
      subscriptionId: opts.subscriptionId ?? null,
      seats,
      expiresAt: opts.expiresAt ?? daysFromNow(plan.type === 'recurring' ? 365 : 3 * 365),
      revokedAt: opts.revokedAt ?? null,
    })
    .returning();
  // As the payment events do: the customer list's seat summary follows the ledger.
  await db.transaction((tx) => refreshSeatSummary(tx, customerId));
  return { payment, grant: grant! };
}

export async function subscribe(
  db: Db,
  customerId: string,
  identifier: string,
  quantity: number,
  status: 'incomplete' | 'active' | 'past_due' | 'canceled' = 'active',
) {
  const plan = await planOf(db, identifier);
  const [row] = await db
    .insert(subscriptions)
    .values({
      customerId,
      planId: plan.id,
      family: plan.family,
      provider: 'sandbox',
      providerSubscriptionId: `sub_test_${crypto.randomUUID()}`,
      quantity,
      status,
      currentPeriodEnd: daysFromNow(365),
    })
    .returning();
  return row!;
}

export async function enrol(
  db: Db,
  customerId: string,
  family: Family,
  opts: { enrolledAt?: Date; loggedOutAt?: Date | null } = {},
) {
  const [row] = await db
    .insert(devices)
    .values({
      customerId,
      family,
      serialNumber: `SN-${crypto.randomUUID()}`,
      deviceName: 'Test device',
      enrolledAt: opts.enrolledAt ?? new Date(),
      loggedOutAt: opts.loggedOutAt ?? null,
    })
    .returning();
  // As the product's enrolment does: the seat summary (the enrolment's atomic seat counter) counts it.
  await db.transaction((tx) => refreshSeatSummary(tx, customerId));
  return row!;
}

export async function addChatUser(db: Db, customerId: string, opts: { deletedAt?: Date | null } = {}) {
  const [row] = await db
    .insert(chatUsers)
    .values({
      customerId,
      name: 'Chat user',
      userId: `chat-${crypto.randomUUID()}`,
      passwordHash: 'x',
      deletedAt: opts.deletedAt ?? null,
    })
    .returning();
  return row!;
}
