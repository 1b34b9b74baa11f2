import type Stripe from 'stripe';
import type { AuditSubType } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { PaymentMethodSnapshot } from '../../db/schema.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { writeAudit } from '../audit/service.ts';
import { issueInvoice } from '../invoices/service.ts';
import { grantSeats, refreshSeatSummary } from '../licences/seats.ts';
import { emailSenderOf } from '../mail/outbox.ts';
import { emailTemplates, type EmailContent } from '../mail/templates.ts';
import { emailAccount } from '../team/notify.ts';
import type { Audience } from '../team/repository.ts';
import { addYears, centsToNumeric, formatEuro, toCents, totals } from './money.ts';
import * as repo from './repository.ts';
import { findCustomer, findPlanById, isUuid, type PaymentRow } from './repository.ts';
import type { PaymentProvider, ProviderName } from './providers/types.ts';
import { describeStripePaymentMethod } from './providers/stripe.ts';
import { hasPaymentWithRef, lockPaymentByRefs } from './refund-repository.ts';
import { disputeWon, recordProviderRefund, unknownRefundedCents } from './refunds.ts';
import { emitWebhookEvent } from '../webhook-endpoints/events.ts';

/**
 * The one handler of payment outcomes (DECISIONS §5), for both providers: Stripe webhooks
 * (`/api/v1/webhooks/stripe`, after `provider.verifyEvent`) and the sandbox's internal delivery.
 *
 * - Each event id is processed once: its id goes into `provider_events` in the same transaction as its
 *   effects, so a crash mid-way lets the provider's retry process it again, and a replay changes nothing.
 * - The payment row is locked (`select … for update`) while it changes.
 * - A success grants seats in the licence ledger (one grant per payment, unique `payment_id`).
 * - Out of order: a failure never undoes a Success; a success after a failure (the customer retried with
 *   another card on the same intent) is applied.
 */
export async function handleProviderEvent(
  ctx: AppContext,
  provider: Pick<PaymentProvider, 'name'> & Partial<Pick<PaymentProvider, 'invoiceOfPaymentIntent'>>,
  event: Stripe.Event,
): Promise<void> {
  // Charge and dispute events name a PaymentIntent; a subscription payment is stored by its invoice. The provider is
  // asked which invoice (a network call) before the transaction, never inside it.
  const chargeRefs = event.type.startsWith('charge.') ? await chargeRefsOf(ctx, provider, event) : [];
  await inTransaction(ctx.db, async (tx, afterCommit) => {
    const fresh = await repo.recordProviderEvent(tx, {
      eventId: event.id,
      provider: provider.name,
      type: event.type,
      eventCreatedAt: new Date(event.created * 1000),
    });
    if (!fresh) {
      ctx.logger.info({ eventId: event.id, type: event.type }, 'payment event already processed');
      return;
    }
    const h = new Handler(ctx, tx, afterCommit, provider.name);
    switch (event.type) {
      case 'payment_intent.succeeded':
        return h.onPaymentIntent(event.data.object, true);
      case 'payment_intent.payment_failed':
        return h.onPaymentIntent(event.data.object, false);
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        return h.onInvoice(event.data.object, true);
      case 'invoice.payment_failed':
        return h.onInvoice(event.data.object, false);
      case 'customer.subscription.deleted':
        return h.onSubscriptionDeleted(event.data.object);
      case 'customer.subscription.updated':
        return h.onSubscriptionUpdated(event.data.object);
      case 'payment_method.attached':
        // Cards Stripe saves during checkout (setup_future_usage, save_default_payment_method).
        return h.onPaymentMethodAttached(event.data.object);
      case 'payment_method.detached':
        return h.onPaymentMethodDetached(event.data.object);
      case 'charge.refunded':
        return h.onChargeRefunded(event.data.object, chargeRefs);
      case 'charge.dispute.created':
        return h.onDisputeCreated(event.data.object, chargeRefs);
      case 'charge.dispute.closed':
        return h.onDisputeClosed(event.data.object, chargeRefs);
      default:
        ctx.logger.debug({ eventId: event.id, type: event.type }, 'payment event ignored');
    }
  });
}

/** Whether a payment's outcome is settled (a late failure or success event changes nothing). */
const isSettled = (status: PaymentRow['status']) =>
  status === 'Success' || status === 'Refunded' || status === 'Partially refunded';

/**
 * The references (`payments.provider_ref`) a charge or dispute event may point at: its PaymentIntent, its invoice
 * (legacy field, and the sandbox's events), and the invoice the provider says the PaymentIntent paid.
 */
async function chargeRefsOf(
  ctx: AppContext,
  provider: Pick<PaymentProvider, 'name'> & Partial<Pick<PaymentProvider, 'invoiceOfPaymentIntent'>>,
  event: Stripe.Event,
): Promise<string[]> {
  const object = event.data.object;
  const pi = idOf(prop(object, 'payment_intent'));
  const refs = [pi, idOf(prop(object, 'invoice'))].filter((r): r is string => r !== null);
  if (refs.length === 0) return refs;
  const known = await Promise.all(refs.map((r) => hasPaymentWithRef(ctx.db, provider.name, r)));
  if (!known.some(Boolean) && pi && provider.invoiceOfPaymentIntent) {
    const invoice = await provider.invoiceOfPaymentIntent(pi);
    if (invoice) refs.push(invoice);
  }
  return refs;
}

/** Reads a property path of a provider object without trusting its shape (legacy and expanded fields). */
function prop(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
/** An id field that may be expanded into its object. */
const idOf = (value: unknown): string | null => str(value) ?? str(prop(value, 'id'));
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

interface Failure {
  message: string;
  code: string | null;
  /** The payment method named by the error (type, billing name), for the staff's payment errors list. */
  methodType: string | null;
  billingName: string | null;
}

function failureOf(object: unknown): Failure {
  const error = prop(object, 'last_payment_error');
  return {
    message: str(prop(error, 'message')) ?? 'Your payment could not be completed.',
    code: str(prop(error, 'decline_code')) ?? str(prop(error, 'code')),
    methodType: str(prop(error, 'payment_method', 'type')),
    billingName: str(prop(error, 'payment_method', 'billing_details', 'name')),
  };
}

function metadataOf(...objects: unknown[]): { paymentId: string | null; customerId: string | null } {
  for (const object of objects) {
    const paymentId = str(prop(object, 'paymentId'));
    if (paymentId && isUuid(paymentId)) return { paymentId, customerId: str(prop(object, 'customerId')) };
  }
  return { paymentId: null, customerId: null };
}

type SubscriptionReason = 'onetime' | 'subscription_create' | 'subscription_update' | 'subscription_cycle';

const SUB_TYPE: Record<SubscriptionReason, { ok: AuditSubType; failed: AuditSubType; label: string }> = {
  onetime: { ok: 'Onetime Purchased', failed: 'Onetime Purchased Failed', label: 'one-time purchase' },
  subscription_create: { ok: 'Subscription Created', failed: 'Subscription Failed', label: 'new subscription' },
  subscription_update: { ok: 'Subscription Update', failed: 'Subscription Failed', label: 'subscription update' },
  subscription_cycle: { ok: 'Subscription Update', failed: 'Subscription Failed', label: 'subscription renewal' },
};
const subTypeOf = (reason: string) => SUB_TYPE[reason as SubscriptionReason] ?? SUB_TYPE.onetime;

interface SuccessDetails {
  paymentMethod: PaymentMethodSnapshot | null;
  periodEnd: Date | null;
  providerSubscriptionId: string | null;
  providerItemId: string | null;
  quantity: number | null;
}

/** What the order and failure emails say of the order: product, quantity and total. */
const orderLines = (order: { productName: string; qty: number; totalCents: number }) => ({
  productName: order.productName,
  qty: order.qty,
  total: formatEuro(order.totalCents),
});

class Handler {
  constructor(
    private readonly ctx: AppContext,
    private readonly tx: DbOrTx,
    private readonly afterCommit: (fn: () => Promise<void>) => void,
    private readonly provider: ProviderName,
  ) {}

  async onPaymentIntent(pi: Stripe.PaymentIntent, succeeded: boolean) {
    const payment = await this.lockPayment(pi.id, metadataOf(pi.metadata));
    if (!payment) return this.unknown('payment_intent', pi.id);
    const paymentMethod = await this.snapshotOf(pi.payment_method, prop(pi, 'last_payment_error', 'payment_method'));
    if (!succeeded) return this.markFailed(payment, failureOf(pi), paymentMethod);
    // A subscription's seats come with its invoice (period end, quantity), not with the invoice's PaymentIntent.
    if (payment.subscriptionType !== 'one_time') return;
    await this.markSucceeded(payment, {
      paymentMethod,
      periodEnd: null,
      providerSubscriptionId: null,
      providerItemId: null,
      quantity: null,
    });
  }

  async onInvoice(invoice: Stripe.Invoice, paid: boolean) {
    const subscriptionId =
      idOf(prop(invoice, 'parent', 'subscription_details', 'subscription')) ?? idOf(prop(invoice, 'subscription'));
    const line = prop(invoice, 'lines', 'data', '0');
    const periodEndSeconds = num(prop(line, 'period', 'end'));
    const periodEnd = periodEndSeconds ? new Date(periodEndSeconds * 1000) : null;
    // Several lines (proration credit and charge): the subscription's quantity is the largest one.
    const lineQuantities = (invoice.lines?.data ?? []).map((l) => num(prop(l, 'quantity')) ?? 0);
    const quantity = lineQuantities.length > 0 ? Math.max(...lineQuantities) : null;
    const paymentMethod = await this.snapshotOf(
      prop(invoice, 'payment_method'),
      prop(invoice, 'last_payment_error', 'payment_method'),
    );
    if (invoice.billing_reason === 'subscription_cycle') {
      if (!subscriptionId) return this.unknown('invoice', invoice.id ?? '');
      return this.onRenewal(invoice, subscriptionId, paid, { periodEnd, quantity, paymentMethod });
    }
    const payment = await this.lockPayment(
      invoice.id ?? '',
      metadataOf(invoice.metadata, prop(invoice, 'parent', 'subscription_details', 'metadata'), prop(line, 'metadata')),
    );
    if (!payment) return this.unknown('invoice', invoice.id ?? '');
    if (!paid) return this.markFailed(payment, failureOf(invoice), paymentMethod);
    await this.markSucceeded(payment, {
      paymentMethod,
      periodEnd,
      providerSubscriptionId: subscriptionId,
      providerItemId:
        str(prop(line, 'subscription_item')) ??
        str(prop(line, 'parent', 'subscription_item_details', 'subscription_item')),
      quantity,
    });
  }

  async onPaymentMethodAttached(pm: Stripe.PaymentMethod) {
    const stripeCustomerId = idOf(pm.customer);
    if (!stripeCustomerId) return;
    const ownerId = await repo.customerIdByProviderCustomerId(this.tx, stripeCustomerId);
    if (!ownerId) return this.unknown('payment_method', pm.id);
    await repo.mirrorPaymentMethod(this.tx, ownerId, 'stripe', describeStripePaymentMethod(pm), {
      makeDefaultIfNone: true,
    });
  }

  async onPaymentMethodDetached(pm: Stripe.PaymentMethod) {
    await repo.detachPaymentMethod(this.tx, 'stripe', pm.id);
  }

  async onSubscriptionDeleted(subscription: Stripe.Subscription) {
    // Seats already paid keep their expiry; the subscription just stops renewing.
    await repo.setSubscriptionStatus(this.tx, this.provider, subscription.id, 'canceled', { unlessCanceled: false });
  }

  async onSubscriptionUpdated(subscription: Stripe.Subscription) {
    const status = subscription.status;
    const mapped =
      status === 'active' || status === 'trialing'
        ? ('active' as const)
        : status === 'past_due' || status === 'unpaid'
          ? ('past_due' as const)
          : status === 'canceled' || status === 'incomplete_expired'
            ? ('canceled' as const)
            : null;
    if (!mapped) return;
    // Never bring back a canceled subscription from a stale update.
    await repo.setSubscriptionStatus(this.tx, this.provider, subscription.id, mapped, { unlessCanceled: true });
  }

  /**
   * A charge refunded at the provider (Stripe's dashboard, or our own refund echoed back): `amount_refunded` is the
   * charge's running total, so what it adds to our refunds (done and in flight) is a refund made outside the back
   * office. Seats follow by proportion (`seatsForAmount`). Keyed by charge and running total: once each.
   */
  async onChargeRefunded(charge: Stripe.Charge, refs: string[]) {
    const payment = await lockPaymentByRefs(this.tx, this.provider, refs);
    if (!payment) return this.unknown('charge', charge.id);
    const extra = await unknownRefundedCents(this.tx, payment.id, num(charge.amount_refunded) ?? 0);
    if (extra <= 0) return;
    await recordProviderRefund(this.tx, this.ctx, this.afterCommit, payment, {
      key: `charge.refunded:${charge.id}:${charge.amount_refunded}`,
      cents: extra,
      source: 'provider_refund',
      providerRefundId: null,
    });
  }

  /**
   * A dispute (chargeback) opened: the disputed money is withdrawn at once, so its seats are revoked like a refund of
   * that amount (once per dispute id).
   */
  async onDisputeCreated(dispute: Stripe.Dispute, refs: string[]) {
    const payment = await lockPaymentByRefs(this.tx, this.provider, refs);
    if (!payment) return this.unknown('dispute', dispute.id);
    await recordProviderRefund(this.tx, this.ctx, this.afterCommit, payment, {
      key: `dispute:${dispute.id}`,
      cents: num(dispute.amount) ?? 0,
      source: 'provider_dispute',
      providerRefundId: dispute.id,
    });
  }

  /**
   * A dispute closed: `lost` changes nothing more (seats already revoked); `won` reinstates the money (it counts as
   * paid again, so a later refund may return it) but does not give seats back: staff sell them again (offline sale)
   * if the customer still wants them.
   */
  async onDisputeClosed(dispute: Stripe.Dispute, refs: string[]) {
    if (dispute.status !== 'won') return;
    const payment = await lockPaymentByRefs(this.tx, this.provider, refs);
    if (!payment) return this.unknown('dispute', dispute.id);
    await disputeWon(this.tx, payment, `dispute:${dispute.id}`);
  }

  private unknown(kind: string, id: string) {
    this.ctx.logger.warn({ kind, providerRef: id, provider: this.provider }, 'payment event for an unknown payment');
  }

  /** The payment of a provider object, locked: by provider ref, else by our metadata (paymentId + customerId). */
  private async lockPayment(providerRef: string, meta: { paymentId: string | null; customerId: string | null }) {
    if (providerRef) {
      const byRef = await repo.lockPaymentByProviderRef(this.tx, this.provider, providerRef);
      if (byRef) return byRef;
    }
    if (!meta.paymentId) return null;
    const byId = await repo.lockPaymentById(this.tx, this.provider, meta.paymentId);
    if (!byId || byId.customerId !== meta.customerId) return null;
    if (byId.providerRef && providerRef && byId.providerRef !== providerRef) return null;
    return byId;
  }

  /** The card as the provider reported it: an expanded payment method, or our mirror of a `pm_…` id. */
  private async snapshotOf(...candidates: unknown[]): Promise<PaymentMethodSnapshot | null> {
    for (const value of candidates) {
      if (value && typeof value === 'object') {
        const type = str(prop(value, 'type')) ?? 'card';
        const brand = str(prop(value, 'card', 'brand'));
        const last4 = str(prop(value, 'card', 'last4'));
        const wallet = str(prop(value, 'card', 'wallet', 'type'));
        return {
          type,
          card: brand && last4 ? { brand, last4, wallet: wallet ? { type: wallet } : null } : null,
        };
      }
      const id = str(value);
      if (id) {
        const pm = await repo.findPaymentMethod(this.tx, this.provider, id);
        if (pm) {
          return {
            type: pm.type,
            card: pm.card ? { brand: pm.card.brand, last4: pm.card.last4, wallet: null } : null,
          };
        }
      }
    }
    return null;
  }

  private async markSucceeded(payment: PaymentRow, details: SuccessDetails) {
    if (isSettled(payment.status)) return;
    const now = new Date();
    let expiresAt: Date;
    let subscriptionRowId: string | null = null;

    if (payment.subscriptionType === 'one_time') {
      expiresAt = addYears(now, 3);
    } else if (payment.subscriptionReason === 'subscription_update') {
      const sub = await repo.findSubscription(this.tx, payment.customerId, payment.planId, true);
      expiresAt = sub?.currentPeriodEnd ?? details.periodEnd ?? addYears(now, 1);
      if (sub) {
        subscriptionRowId = sub.id;
        // Our own count, not the invoice's: a Stripe proration invoice lists the credit line for the old
        // quantity next to the new one, in no promised order. This runs once per payment (Pending → Success).
        await repo.updateSubscription(this.tx, sub.id, {
          quantity: sub.quantity + payment.qty,
          status: 'active',
          updatedAt: now,
        });
      }
    } else {
      expiresAt = details.periodEnd ?? addYears(now, 1);
      subscriptionRowId = await this.upsertSubscription(payment, details, expiresAt);
    }

    await repo.updatePayment(this.tx, payment.id, {
      status: 'Success',
      message: null,
      errorCode: null,
      paymentMethod: details.paymentMethod ?? payment.paymentMethod,
      expiryAt: expiresAt,
      providerSubscriptionId: details.providerSubscriptionId ?? payment.providerSubscriptionId,
    });
    await grantSeats(this.tx, {
      customerId: payment.customerId,
      family: payment.family,
      paymentId: payment.id,
      subscriptionId: subscriptionRowId,
      seats: payment.qty,
      startsAt: now,
      expiresAt,
    });
    // A purchase took its coupon's redemption at checkout (issue 12, item 8); a subscription update counts it here.
    if (payment.couponCode && payment.subscriptionReason === 'subscription_update') {
      await repo.redeemCoupon(this.tx, payment.couponCode);
    }
    if (payment.subscriptionType === 'recurring') await this.refreshCustomerSubscription(payment.customerId);

    const sub = subTypeOf(payment.subscriptionReason);
    const total = toCents(payment.totalAmount);
    await this.audit(
      payment.customerId,
      sub.ok,
      `${sub.label}: ${payment.qty} × ${payment.productName}, ${formatEuro(total)}`,
      false,
    );
    await this.confirmationEmail(payment.customerId, {
      productName: payment.productName,
      qty: payment.qty,
      totalCents: total,
      reason: sub.label,
      expiry: expiresAt,
    });
    await this.webhook(payment.customerId, 'payment.succeeded', {
      ...paymentEventData(payment),
      expiresAt: expiresAt.toISOString(),
    });
    // Last: the year's invoice counter stays locked until this transaction commits.
    await issueInvoice(this.tx, payment.id, now);
  }

  private async upsertSubscription(payment: PaymentRow, details: SuccessDetails, periodEnd: Date) {
    const now = new Date();
    const existing = await repo.findSubscription(this.tx, payment.customerId, payment.planId, true);
    const providerSubscriptionId = details.providerSubscriptionId ?? payment.providerSubscriptionId;
    const values = {
      provider: payment.provider,
      providerSubscriptionId,
      providerItemId: details.providerItemId,
      quantity: details.quantity ?? payment.qty,
      status: 'active' as const,
      currentPeriodEnd: periodEnd,
      couponCode: payment.couponCode,
      updatedAt: now,
    };
    if (existing) {
      if (existing.providerSubscriptionId !== providerSubscriptionId) {
        // A new subscription replaces a finished one: the old seats keep their own expiry, renewals of the
        // new subscription must not move them.
        await repo.releaseSubscriptionGrants(this.tx, existing.id);
      }
      await repo.updateSubscription(this.tx, existing.id, values);
      return existing.id;
    }
    return repo.insertSubscription(this.tx, {
      customerId: payment.customerId,
      planId: payment.planId,
      family: payment.family,
      ...values,
    });
  }

  private async markFailed(payment: PaymentRow, failure: Failure, paymentMethod: PaymentMethodSnapshot | null) {
    // Out of order: a failure reported after the payment succeeded (or was refunded) changes nothing.
    if (isSettled(payment.status)) return;
    const first = payment.status === 'Pending';
    await repo.updatePayment(this.tx, payment.id, {
      status: 'Failed',
      message: failure.message,
      errorCode: failure.code,
      paymentMethod: paymentMethod ?? payment.paymentMethod,
    });
    // Another attempt on the same payment failing differently is another error; a repeat of the same one is not.
    if (first || failure.message !== payment.message || failure.code !== payment.errorCode) {
      await this.recordError(payment.customerId, payment.id, failure);
    }
    if (!first) return;
    const sub = subTypeOf(payment.subscriptionReason);
    await this.audit(payment.customerId, sub.failed, `${sub.label} failed: ${failure.message}`, true);
    await this.failureEmail(payment.customerId, {
      productName: payment.productName,
      qty: payment.qty,
      totalCents: toCents(payment.totalAmount),
      message: failure.message,
    });
    await this.webhook(payment.customerId, 'payment.failed', {
      ...paymentEventData(payment),
      message: failure.message,
      code: failure.code,
    });
  }

  /** A renewal invoice (`subscription_cycle`): a new payment row, and the subscription's seats move to the new period end. */
  private async onRenewal(
    invoice: Stripe.Invoice,
    providerSubscriptionId: string,
    paid: boolean,
    details: { periodEnd: Date | null; quantity: number | null; paymentMethod: PaymentMethodSnapshot | null },
  ) {
    const sub = await repo.lockSubscriptionByProviderId(this.tx, this.provider, providerSubscriptionId);
    if (!sub) return this.unknown('subscription', providerSubscriptionId);
    const plan = await findPlanById(this.tx, sub.planId);
    const now = new Date();
    const periodEnd = details.periodEnd ?? addYears(sub.currentPeriodEnd ?? now, 1);
    const qty = details.quantity ?? sub.quantity;
    const invoiceId = invoice.id ?? '';
    const existing = await repo.lockPaymentByProviderRef(this.tx, this.provider, invoiceId);
    if (existing && isSettled(existing.status)) return;

    const paidCents = num(invoice.amount_paid) ?? num(invoice.amount_due);
    const expected = totals(plan.amount, qty, null);
    const totalCents = paidCents ?? expected.totalCents;
    const failure = failureOf(invoice);
    const row = {
      status: paid ? ('Success' as const) : ('Failed' as const),
      message: paid ? null : failure.message,
      errorCode: paid ? null : failure.code,
      paymentMethod: details.paymentMethod,
      expiryAt: paid ? periodEnd : null,
      updatedAt: now,
    };
    let paymentId: string;
    if (existing) {
      await repo.updatePayment(this.tx, existing.id, row);
      paymentId = existing.id;
    } else {
      ({ id: paymentId } = await repo.insertPayment(this.tx, {
        customerId: sub.customerId,
        planId: plan.id,
        planIdentifier: plan.identifier,
        family: plan.family,
        productName: plan.name,
        subscriptionType: 'recurring',
        subscriptionReason: 'subscription_cycle',
        qty,
        unitAmount: plan.amount,
        discountAmount: centsToNumeric(Math.max(0, expected.subtotalCents - totalCents)),
        totalAmount: centsToNumeric(totalCents),
        currency: plan.currency,
        couponCode: sub.couponCode,
        provider: this.provider,
        providerRef: invoiceId,
        providerSubscriptionId,
        ...row,
      }));
    }

    const eventData = paymentEventData({
      id: paymentId,
      subscriptionReason: 'subscription_cycle',
      productName: plan.name,
      family: plan.family,
      qty,
      totalAmount: centsToNumeric(totalCents),
      currency: plan.currency,
    });
    if (!paid && (!existing || existing.message !== failure.message || existing.errorCode !== failure.code)) {
      await this.recordError(sub.customerId, paymentId, failure);
    }
    if (!paid) {
      await repo.updateSubscription(this.tx, sub.id, { status: 'past_due', updatedAt: now });
      if (existing) return; // already reported once
      const message = row.message ?? 'Your payment could not be completed.';
      await this.audit(sub.customerId, 'Subscription Failed', `subscription renewal failed: ${message}`, true);
      await this.failureEmail(sub.customerId, { productName: plan.name, qty, totalCents, message });
      await this.webhook(sub.customerId, 'payment.failed', {
        ...eventData,
        message,
        code: row.errorCode,
      });
      return;
    }

    // The seats of this subscription live on: their expiry moves to the new period end.
    await repo.extendSubscriptionGrants(this.tx, sub.id, periodEnd);
    await refreshSeatSummary(this.tx, sub.customerId);
    await repo.updateSubscription(this.tx, sub.id, {
      status: 'active',
      currentPeriodEnd: periodEnd,
      quantity: qty,
      updatedAt: now,
    });
    await this.refreshCustomerSubscription(sub.customerId);
    await this.audit(
      sub.customerId,
      'Subscription Update',
      `subscription renewal: ${qty} × ${plan.name} until ${periodEnd.toISOString().slice(0, 10)}, ${formatEuro(totalCents)}`,
      false,
    );
    await this.confirmationEmail(sub.customerId, {
      productName: plan.name,
      qty,
      totalCents,
      reason: 'subscription renewal',
      expiry: periodEnd,
    });
    await this.webhook(sub.customerId, 'payment.succeeded', {
      ...eventData,
      expiresAt: periodEnd.toISOString(),
    });
    await issueInvoice(this.tx, paymentId, now);
  }

  /** A webhook event of the payment (DECISIONS §13), in this transaction. */
  private async webhook(
    customerId: string,
    type: 'payment.succeeded' | 'payment.failed',
    data: Record<string, unknown>,
  ) {
    await emitWebhookEvent(this.ctx, this.tx, customerId, type, data, this.afterCommit);
  }

  /** customers.subscription_expire_at / stripe_plan_id follow the latest-ending live subscription. */
  private async refreshCustomerSubscription(customerId: string) {
    const latest = await repo.latestLiveSubscription(this.tx, customerId);
    if (!latest?.end) return;
    await repo.updateCustomer(this.tx, customerId, {
      subscriptionExpireAt: latest.end,
      stripePlanId: latest.priceId ?? latest.identifier,
    });
  }

  /** A row of the staff's payment errors list (spec 3 "Payment error"), in the transaction that marks the failure. */
  private async recordError(customerId: string, paymentId: string, failure: Failure) {
    const customer = await findCustomer(this.tx, customerId);
    await repo.insertPaymentError(this.tx, {
      customerId,
      paymentId,
      email: customer?.email ?? null,
      billingName: failure.billingName,
      code: failure.code,
      message: failure.message,
      reqBody: {
        error: {
          code: failure.code,
          message: failure.message,
          payment_method:
            failure.methodType || failure.billingName
              ? { type: failure.methodType, billing_details: { name: failure.billingName } }
              : null,
        },
      },
    });
  }

  private async audit(customerId: string, subType: AuditSubType, message: string, hasError: boolean) {
    const customer = await findCustomer(this.tx, customerId);
    await writeAudit(this.tx, {
      customerId,
      email: customer?.email ?? null,
      type: 'Payments',
      subType,
      message,
      actor: SYSTEM,
      hasError,
    });
  }

  private confirmationEmail(
    customerId: string,
    order: { productName: string; qty: number; totalCents: number; reason: string; expiry: Date | null },
  ) {
    return this.emailCustomer(customerId, 'billing', (productName, name) =>
      emailTemplates.orderConfirmation(productName, name, {
        ...orderLines(order),
        reason: order.reason,
        expiry: order.expiry ? order.expiry.toISOString().slice(0, 10) : null,
        url: `${this.ctx.config.publicUrl}/payment-history`,
      }),
    );
  }

  private failureEmail(
    customerId: string,
    order: { productName: string; qty: number; totalCents: number; message: string },
  ) {
    // A failed payment concerns the account as well as its money (issue 27): Owners, Admins and Billing members.
    return this.emailCustomer(customerId, 'payment-failure', (productName, name) =>
      emailTemplates.paymentFailed(productName, name, {
        ...orderLines(order),
        message: order.message,
        url: `${this.ctx.config.publicUrl}/plans`,
      }),
    );
  }

  /**
   * Queues the payment email to the account's Owners and Billing members in this transaction (built from the product's
   * name and each one's own name); sent after commit.
   */
  private async emailCustomer(
    customerId: string,
    about: Audience,
    build: (productName: string, name: string) => EmailContent,
  ) {
    const { config, queue } = this.ctx;
    await emailAccount(this.tx, customerId, about, emailSenderOf(queue, this.tx, this.afterCommit), (name) =>
      build(config.productName, name),
    );
  }
}

/** What `payment.succeeded` and `payment.failed` say of the payment (DECISIONS §13). */
function paymentEventData(payment: {
  id: string;
  subscriptionReason: unknown;
  productName: unknown;
  family: unknown;
  qty: number;
  totalAmount: unknown;
  currency: unknown;
}) {
  return {
    paymentId: payment.id,
    reason: payment.subscriptionReason,
    productName: payment.productName,
    family: payment.family,
    qty: payment.qty,
    amount: payment.totalAmount,
    currency: payment.currency,
  };
}
