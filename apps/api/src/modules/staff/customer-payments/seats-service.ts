import { FAMILIES, PCHAT_MIN_QTY, PCHAT_MIN_QTY_MESSAGE, familyOfCode } from '@fleetdeck/contract';
import { DEVICE_BY_PRODUCT_MAX } from '@fleetdeck/contract/staff';
import { type AppContext, inTransaction } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { checkedIdempotencyKey } from '../../../lib/idempotency.ts';
import { writeAudit } from '../../audit/service.ts';
import { afterLogout, logOutDevicesInTransaction } from '../../devices/service.ts';
import { issueInvoice } from '../../invoices/service.ts';
import { grantSeats, lockGrantOfPayment, setGrantSeats } from '../../licences/seats.ts';
import { familyLicenceOf, lockFamilyPool, seatsOfPlan } from '../../licences/service.ts';
import { backOfficeEmails } from '../../mail/back-office-templates.ts';
import { emailSenderOf } from '../../mail/outbox.ts';
import { addYears, centsToNumeric, formatEuro, toCents } from '../../payments/money.ts';
import { createPaymentProvider } from '../../payments/providers/index.ts';
import { lockSubscriptionOfPlan } from '../../payments/refund-repository.ts';
import { findPlan, updateSubscription } from '../../payments/repository.ts';
import { emailAccount } from '../../team/notify.ts';
import { approveReseller } from '../../users/service.ts';
import { paymentOf } from '../shared/customers-service.ts';
import * as repo from './repository.ts';

export async function approveResellerRequest(ctx: AppContext, actor: StaffActor, customerId: string) {
  const detail = await approveReseller(ctx, actor, customerId);
  return { customerId, resellerCouponCode: detail.resellerCouponCode ?? '' };
}

// ------------------------------------------------------------------------------------ offline sale (DECISIONS §8)

async function activePlanOf(ctx: AppContext, priceId: string) {
  const plan = await findPlan(ctx.db, priceId);
  if (!plan) throw new AppError(404, 'E_PLAN_NOT_FOUND', 'This plan does not exist.');
  if (plan.status !== 'Active') throw badRequest('E_PLAN_INACTIVE', 'This plan is no longer available.');
  return plan;
}

/**
 * `payments/create`: a Success payment with `isOfflinePayment`, the staff member and the note, and its seats (a
 * subscription plan: 1 year; one-time: 3 years) in one transaction. With an `Idempotency-Key` header the same key
 * answers the same payment (a different request under that key: 409); without one every call is a new sale.
 */
export async function createOfflinePayment(
  ctx: AppContext,
  actor: StaffActor & { email: string },
  input: { customerId: string; priceId: string; qty: number; amount: number; note: string },
  idempotencyKey: string | undefined,
) {
  const key = checkedIdempotencyKey(idempotencyKey);
  const plan = await activePlanOf(ctx, input.priceId);
  if (plan.family === 'PCHAT' && input.qty < PCHAT_MIN_QTY) throw badRequest('E_QTY_MINIMUM', PCHAT_MIN_QTY_MESSAGE);
  const totalCents = Math.round(input.amount * 100);
  const unitCents = Math.floor(totalCents / input.qty);

  const paymentId = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const customer = await repo.findCustomer(tx, input.customerId);
    if (!customer) throw notFound('Customer not found.');
    const replay = async () => {
      const existing = key ? await repo.findPaymentByKey(tx, customer.id, key) : null;
      if (!existing) return null;
      const same =
        existing.isOfflinePayment &&
        existing.planId === plan.id &&
        existing.qty === input.qty &&
        toCents(existing.totalAmount) === totalCents;
      if (!same)
        throw new AppError(409, 'E_CONFLICT', 'This Idempotency-Key was already used for a different payment.');
      return existing.id;
    };
    const earlier = await replay();
    if (earlier) return earlier;

    const now = new Date();
    const expiresAt = addYears(now, plan.type === 'one_time' ? 3 : 1);
    const id = await repo.insertOfflinePayment(
      tx,
      {
        customerId: customer.id,
        planId: plan.id,
        planIdentifier: plan.identifier,
        family: plan.family,
        productName: plan.name,
        subscriptionType: plan.type,
        subscriptionReason: 'offline',
        qty: input.qty,
        unitAmount: centsToNumeric(unitCents),
        totalAmount: centsToNumeric(totalCents),
        currency: 'eur',
        status: 'Success',
        provider: 'offline',
        idempotencyKey: key,
        expiryAt: expiresAt,
        isOfflinePayment: true,
        note: input.note || null,
      },
      actor.id,
    );
    // The same key committed by a concurrent call while this one waited on the unique index.
    if (id === null) return (await replay())!;

    await grantSeats(tx, {
      customerId: customer.id,
      family: plan.family,
      paymentId: id,
      subscriptionId: null,
      seats: input.qty,
      startsAt: now,
      expiresAt,
    });
    await writeAudit(tx, {
      customerId: customer.id,
      email: customer.email,
      type: 'Payments',
      subType: plan.type === 'one_time' ? 'Onetime Purchased' : 'Subscription Created',
      message:
        `Offline payment recorded by ${actor.email}: ${input.qty} × ${plan.name}, ${formatEuro(totalCents)}, ` +
        `until ${expiresAt.toISOString().slice(0, 10)}${input.note ? ` (${input.note})` : ''}`,
      actor,
    });
    // The account's Owners and Billing members are told once, with the new payment (a replayed key returned above).
    // The staff note stays internal.
    await emailAccount(tx, customer.id, 'billing', emailSenderOf(ctx.queue, tx, afterCommit), (name) =>
      backOfficeEmails.offlineSale(ctx.config.productName, {
        name,
        productName: plan.name,
        seats: input.qty,
        amount: formatEuro(totalCents),
        until: expiresAt.toISOString().slice(0, 10),
        plansUrl: `${ctx.config.publicUrl}/plans`,
      }),
    );
    // Last: the year's invoice counter stays locked until this transaction commits.
    await issueInvoice(tx, id, now);
    return id;
  });
  return paymentOf((await repo.findCustomerPayment(ctx.db, paymentId))!);
}

/** `payments/subscription/detail`: the customer's unexpired seats on the plan (the page's "existing qty"). */
export async function subscriptionSeats(ctx: AppContext, q: { customerId: string; priceId: string }) {
  const plan = await findPlan(ctx.db, q.priceId);
  if (!plan) throw new AppError(404, 'E_PLAN_NOT_FOUND', 'This plan does not exist.');
  if (!(await repo.findCustomer(ctx.db, q.customerId))) throw notFound('Customer not found.');
  return { totalPurchasedDevices: await seatsOfPlan(ctx.db, q.customerId, plan.identifier) };
}

/**
 * Checks a seat edit under the payment's row lock and the family's seat lock (DECISIONS §8): Success or Partially
 * refunded (its remaining seats, DECISIONS §14) only; the same
 * number: 400 "No change made."; fewer seats than the family's devices then use: 409 `E_SEATS_IN_USE`, naming how many
 * devices to log out first (the edit dialog lists them with a delete each). Answers the locked rows and, when the
 * payment is the current period of a live subscription, the subscription's quantity after the edit.
 */
async function checkSeatEdit(tx: DbOrTx, input: { id: string; updatedQty: number }) {
  const payment = await repo.lockPayment(tx, input.id);
  if (!payment) throw notFound('Payment not found.');
  // A partly refunded payment stays editable for its remaining seats (DECISIONS §14).
  if (payment.status !== 'Success' && payment.status !== 'Partially refunded') {
    throw badRequest('E_PAYMENT_NOT_SUCCESS', 'Only successful payments can be edited.');
  }
  if (payment.status === 'Success' && payment.qty === input.updatedQty) {
    throw badRequest('E_NO_CHANGE', 'No change made.');
  }
  if (payment.family === 'PCHAT' && input.updatedQty < PCHAT_MIN_QTY) {
    throw badRequest('E_QTY_MINIMUM', PCHAT_MIN_QTY_MESSAGE);
  }
  await lockFamilyPool(tx, payment.customerId, payment.family);
  const grant = await lockGrantOfPayment(tx, payment.id);
  if (!grant || grant.revokedAt) throw badRequest('E_PAYMENT_NOT_SUCCESS', 'This payment has no licences to edit.');
  // The edit is of the grant's seats: the payment's qty less what was refunded of it.
  if (grant.seats === input.updatedQty) throw badRequest('E_NO_CHANGE', 'No change made.');
  const live = grant.expiresAt.getTime() > Date.now();
  const fewer = grant.seats - input.updatedQty;
  if (live && fewer > 0) {
    const licence = await familyLicenceOf(tx, payment.customerId, payment.family);
    const after = licence.purchased - fewer;
    if (licence.used > after) {
      const n = licence.used - Math.max(0, after);
      throw new AppError(
        409,
        'E_SEATS_IN_USE',
        `${licence.used} device${licence.used === 1 ? ' uses' : 's use'} these licences: log out ${n} device${n === 1 ? '' : 's'} first.`,
        { requiredPurchasedQty: licence.used },
      );
    }
  }
  // The subscription renews with the seats of its current period: a live recurring payment moves its quantity.
  let subscription: { id: string; quantity: number; newQuantity: number; providerSubscriptionId: string } | null = null;
  if (live && payment.subscriptionType === 'recurring' && payment.providerSubscriptionId) {
    const sub = await lockSubscriptionOfPlan(tx, payment.customerId, payment.planId);
    if (sub && sub.providerSubscriptionId === payment.providerSubscriptionId && sub.status !== 'canceled') {
      subscription = {
        id: sub.id,
        quantity: sub.quantity,
        newQuantity: Math.max(0, sub.quantity + input.updatedQty - grant.seats),
        providerSubscriptionId: payment.providerSubscriptionId,
      };
    }
  }
  return { payment, grant, subscription };
}

/**
 * `payments/subscription/update`: the seat count of a Success payment (DECISIONS §8), checked by `checkSeatEdit`.
 * A payment of a live subscription also changes the subscription's quantity at the provider (Stripe
 * `subscriptions.update`, `proration_behavior: none`, an idempotency key naming this edit), called OUTSIDE any
 * transaction between the check and the commit; the commit checks again and fails (409, the provider's quantity put
 * back) if the payment changed meanwhile. Payment qty, grant, our subscription row and the audit change together,
 * under the family's seat lock (no enrolment slips in between).
 */
export async function updatePaymentSeats(
  ctx: AppContext,
  actor: StaffActor & { email: string },
  input: { id: string; updatedQty: number },
) {
  const planned = await inTransaction(ctx.db, (tx) => checkSeatEdit(tx, input));
  const sub = planned.subscription;
  const provider = sub ? createPaymentProvider(ctx) : null;
  const setQuantity = async (newQuantity: number, key: string) => {
    if (!sub || !provider) return;
    if (planned.payment.provider !== provider.name) {
      throw new AppError(
        409,
        'E_CONFLICT',
        `This subscription is at the ${planned.payment.provider} provider, which this installation no longer uses.`,
      );
    }
    await provider.reduceSubscriptionQuantity({
      providerSubscriptionId: sub.providerSubscriptionId,
      newQuantity,
      idempotencyKey: key,
    });
  };
  // The payment's updated_at changes with every edit: a retry of this edit reuses the key, the next edit does not.
  const editKey = `seats:${planned.payment.id}:${planned.payment.updatedAt.getTime()}:${input.updatedQty}`;
  if (sub) await setQuantity(sub.newQuantity, editKey);

  try {
    await inTransaction(ctx.db, async (tx) => {
      const { payment, grant, subscription } = await checkSeatEdit(tx, input);
      if (
        payment.qty !== planned.payment.qty ||
        payment.updatedAt.getTime() !== planned.payment.updatedAt.getTime() ||
        subscription?.quantity !== sub?.quantity
      ) {
        throw new AppError(409, 'E_CONFLICT', 'This payment changed meanwhile: reload the page and try again.');
      }
      // Refunded seats stay counted in the payment's qty (the refund's proration divides by it).
      await repo.setPaymentQty(tx, payment.id, payment.qty + input.updatedQty - grant.seats);
      await setGrantSeats(tx, payment.customerId, grant.id, input.updatedQty);
      if (subscription) {
        await updateSubscription(tx, subscription.id, {
          quantity: subscription.newQuantity,
          ...(subscription.newQuantity === 0 ? { status: 'canceled' as const } : {}),
          updatedAt: new Date(),
        });
      }
      const customer = await repo.findCustomer(tx, payment.customerId);
      await writeAudit(tx, {
        customerId: payment.customerId,
        email: customer?.email ?? null,
        type: 'Payments',
        subType: 'Subscription Update',
        message:
          `Licences of ${payment.productName} changed by ${actor.email}: ${grant.seats} → ${input.updatedQty}` +
          (subscription ? ` (subscription quantity ${subscription.quantity} → ${subscription.newQuantity})` : ''),
        actor,
      });
    });
  } catch (err) {
    // Not committed: the provider's quantity goes back to what our subscription row says once committed (issue 24:
    // not to this edit's snapshot, which a double-submitted edit's twin has already moved on from). A cancellation
    // (quantity 0) cannot be undone.
    if (sub && sub.newQuantity > 0) {
      await reconcileQuantity(ctx, planned.payment, setQuantity).catch((undoErr: unknown) =>
        ctx.logger.error(
          { err: undoErr, paymentId: input.id },
          'seat edit: could not put the subscription quantity back',
        ),
      );
    }
    throw err;
  }
  return paymentOf((await repo.findCustomerPayment(ctx.db, input.id))!);
}

/**
 * Sets the provider's quantity to what our subscription row holds as committed: read under the payment's row lock
 * (an edit of the payment being committed finishes first), then the provider called outside any transaction with a
 * key naming that committed state (a retry replays it; a later state gets its own). If an edit committed meanwhile,
 * again from the new state (at most three rounds: edits of one payment are a staff member's clicks).
 */
async function reconcileQuantity(
  ctx: AppContext,
  payment: { id: string; customerId: string; planId: string },
  setQuantity: (quantity: number, key: string) => Promise<void>,
) {
  const committed = () =>
    inTransaction(ctx.db, async (tx) => {
      await repo.lockPayment(tx, payment.id);
      return lockSubscriptionOfPlan(tx, payment.customerId, payment.planId);
    });
  let sub = await committed();
  for (let round = 0; round < 3 && sub && sub.status !== 'canceled' && sub.quantity > 0; round++) {
    const state = `${sub.quantity}:${sub.updatedAt.getTime()}`;
    await setQuantity(sub.quantity, `seats-reconcile:${sub.id}:${state}`);
    sub = await committed();
    if (!sub || `${sub.quantity}:${sub.updatedAt.getTime()}` === state) return;
  }
}

// ---------------------------------------------------------------------------------------------------- devices

export async function devicesByProduct(ctx: AppContext, q: { productIdentifier: string; customerId: string }) {
  const family = familyOfCode(q.productIdentifier);
  if (!family || !FAMILIES.includes(family)) {
    throw badRequest('E_VALIDATION', 'productIdentifier: must be a plan or app code such as UB or UBOT', {
      errors: [{ field: 'productIdentifier', message: 'must be a plan or app code such as UB or UBOT' }],
    });
  }
  const { rows, total } = await repo.enrolledDevices(ctx.db, q.customerId, family, DEVICE_BY_PRODUCT_MAX);
  return {
    data: rows.map((d) => ({ _id: d.id, deviceName: d.deviceName, serialNumber: d.serialNumber })),
    total,
  };
}

/** `payments/delete/device`: the devices module's logout (token refused from now on, the device told, seat freed). */
export async function deleteDevice(ctx: AppContext, actor: StaffActor, deviceId: string) {
  const device = await repo.findDevice(ctx.db, deviceId);
  if (!device) throw notFound('Device not found.');
  if (device.loggedOutAt) return false;
  const loggedOut = await inTransaction(ctx.db, (tx) =>
    logOutDevicesInTransaction(tx, device.customerId, [device.id], actor, 'by staff'),
  );
  await afterLogout(
    ctx,
    loggedOut.map((d) => d.id),
  );
  return loggedOut.length > 0;
}
