import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AuditSubType } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  coupons,
  customers,
  licenceGrants,
  paymentMethods,
  payments,
  plans,
  providerEvents,
  subscriptions,
  type PaymentMethodSnapshot,
} from '../../db/schema.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { writeAudit } from '../audit/service.ts';
import { dispatchEmail, queueEmail } from '../mail/outbox.ts';
import { emailTemplates } from '../mail/templates.ts';
import { addYears, centsToNumeric, formatEuro, toCents, totals } from './money.ts';
import { findCustomer, findPlanById, isUuid, type PaymentRow } from './repository.ts';
import type { PaymentProvider, ProviderName } from './providers/types.ts';
import { mirrorStripePaymentMethod } from './providers/stripe.ts';

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
  provider: Pick<PaymentProvider, 'name'>,
  event: Stripe.Event,
): Promise<void> {
  await inTransaction(ctx.db, async (tx, afterCommit) => {
    const fresh = await tx
      .insert(providerEvents)
      .values({
        eventId: event.id,
        provider: provider.name,
        type: event.type,
        eventCreatedAt: new Date(event.created * 1000),
      })
      .onConflictDoNothing()
      .returning({ eventId: providerEvents.eventId });
    if (fresh.length === 0) {
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
      default:
        ctx.logger.debug({ eventId: event.id, type: event.type }, 'payment event ignored');
    }
  });
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
}

function failureOf(object: unknown): Failure {
  const error = prop(object, 'last_payment_error');
  return {
    message: str(prop(error, 'message')) ?? 'Your payment could not be completed.',
    code: str(prop(error, 'decline_code')) ?? str(prop(error, 'code')),
  };
}

function metadataOf(...objects: unknown[]): { paymentId: string | null; customerId: string | null } {
  for (const object of objects) {
    const paymentId = str(prop(object, 'paymentId'));
    if (paymentId && isUuid(paymentId)) return { paymentId, customerId: str(prop(object, 'customerId')) };
  }
  return { paymentId: null, customerId: null };
}

const SUB_TYPE: Record<string, { ok: AuditSubType; failed: AuditSubType; label: string }> = {
  onetime: { ok: 'Onetime Purchased', failed: 'Onetime Purchased Failed', label: 'one-time purchase' },
  subscription_create: { ok: 'Subscription Created', failed: 'Subscription Failed', label: 'new subscription' },
  subscription_update: { ok: 'Subscription Update', failed: 'Subscription Failed', label: 'subscription update' },
  subscription_cycle: { ok: 'Subscription Update', failed: 'Subscription Failed', label: 'subscription renewal' },
};
const subTypeOf = (reason: string) => SUB_TYPE[reason] ?? SUB_TYPE.onetime!;

interface SuccessDetails {
  paymentMethod: PaymentMethodSnapshot | null;
  periodEnd: Date | null;
  providerSubscriptionId: string | null;
  providerItemId: string | null;
  quantity: number | null;
}

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
    const [owner] = await this.tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.stripeCustomerId, stripeCustomerId));
    if (!owner) return this.unknown('payment_method', pm.id);
    await mirrorStripePaymentMethod(this.tx, owner.id, pm, { makeDefaultIfNone: true });
  }

  async onPaymentMethodDetached(pm: Stripe.PaymentMethod) {
    await this.tx
      .update(paymentMethods)
      .set({ detachedAt: new Date(), isDefault: false })
      .where(and(eq(paymentMethods.provider, 'stripe'), eq(paymentMethods.providerPmId, pm.id)));
  }

  async onSubscriptionDeleted(subscription: Stripe.Subscription) {
    // Seats already paid keep their expiry; the subscription just stops renewing.
    await this.tx
      .update(subscriptions)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(and(eq(subscriptions.provider, this.provider), eq(subscriptions.providerSubscriptionId, subscription.id)));
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
    await this.tx
      .update(subscriptions)
      .set({ status: mapped, updatedAt: new Date() })
      .where(
        and(
          eq(subscriptions.provider, this.provider),
          eq(subscriptions.providerSubscriptionId, subscription.id),
          // Never bring back a canceled subscription from a stale update.
          sql`${subscriptions.status} <> 'canceled'`,
        ),
      );
  }

  private unknown(kind: string, id: string) {
    this.ctx.logger.warn({ kind, providerRef: id, provider: this.provider }, 'payment event for an unknown payment');
  }

  /** The payment of a provider object, locked: by provider ref, else by our metadata (paymentId + customerId). */
  private async lockPayment(providerRef: string, meta: { paymentId: string | null; customerId: string | null }) {
    if (providerRef) {
      const [byRef] = await this.tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, this.provider), eq(payments.providerRef, providerRef)))
        .for('update');
      if (byRef) return byRef;
    }
    if (!meta.paymentId) return null;
    const [byId] = await this.tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, meta.paymentId), eq(payments.provider, this.provider)))
      .for('update');
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
        const [pm] = await this.tx
          .select()
          .from(paymentMethods)
          .where(and(eq(paymentMethods.provider, this.provider), eq(paymentMethods.providerPmId, id)));
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
    if (payment.status === 'Success' || payment.status === 'Refunded') return;
    const now = new Date();
    let expiresAt: Date;
    let subscriptionRowId: string | null = null;

    if (payment.subscriptionType === 'one_time') {
      expiresAt = addYears(now, 3);
    } else if (payment.subscriptionReason === 'subscription_update') {
      const [sub] = await this.tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.customerId, payment.customerId), eq(subscriptions.planId, payment.planId)))
        .for('update');
      expiresAt = sub?.currentPeriodEnd ?? details.periodEnd ?? addYears(now, 1);
      if (sub) {
        subscriptionRowId = sub.id;
        await this.tx
          .update(subscriptions)
          // Our own count, not the invoice's: a Stripe proration invoice lists the credit line for the old
          // quantity next to the new one, in no promised order. This runs once per payment (Pending → Success).
          .set({ quantity: sub.quantity + payment.qty, status: 'active', updatedAt: now })
          .where(eq(subscriptions.id, sub.id));
      }
    } else {
      expiresAt = details.periodEnd ?? addYears(now, 1);
      subscriptionRowId = await this.upsertSubscription(payment, details, expiresAt);
    }

    await this.tx
      .update(payments)
      .set({
        status: 'Success',
        message: null,
        errorCode: null,
        paymentMethod: details.paymentMethod ?? payment.paymentMethod,
        expiryAt: expiresAt,
        providerSubscriptionId: details.providerSubscriptionId ?? payment.providerSubscriptionId,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    await this.tx
      .insert(licenceGrants)
      .values({
        customerId: payment.customerId,
        family: payment.family,
        paymentId: payment.id,
        subscriptionId: subscriptionRowId,
        seats: payment.qty,
        startsAt: now,
        expiresAt,
      })
      .onConflictDoNothing();
    if (payment.couponCode) {
      await this.tx
        .update(coupons)
        .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
        .where(sql`upper(${coupons.code}) = upper(${payment.couponCode})`);
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
  }

  private async upsertSubscription(payment: PaymentRow, details: SuccessDetails, periodEnd: Date) {
    const now = new Date();
    const [existing] = await this.tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.customerId, payment.customerId), eq(subscriptions.planId, payment.planId)))
      .for('update');
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
        await this.tx
          .update(licenceGrants)
          .set({ subscriptionId: null })
          .where(eq(licenceGrants.subscriptionId, existing.id));
      }
      await this.tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
      return existing.id;
    }
    const [row] = await this.tx
      .insert(subscriptions)
      .values({ customerId: payment.customerId, planId: payment.planId, family: payment.family, ...values })
      .returning({ id: subscriptions.id });
    return row!.id;
  }

  private async markFailed(payment: PaymentRow, failure: Failure, paymentMethod: PaymentMethodSnapshot | null) {
    // Out of order: a failure reported after the payment succeeded (or was refunded) changes nothing.
    if (payment.status === 'Success' || payment.status === 'Refunded') return;
    const first = payment.status === 'Pending';
    await this.tx
      .update(payments)
      .set({
        status: 'Failed',
        message: failure.message,
        errorCode: failure.code,
        paymentMethod: paymentMethod ?? payment.paymentMethod,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, payment.id));
    if (!first) return;
    const sub = subTypeOf(payment.subscriptionReason);
    await this.audit(payment.customerId, sub.failed, `${sub.label} failed: ${failure.message}`, true);
    await this.failureEmail(payment.customerId, {
      productName: payment.productName,
      qty: payment.qty,
      totalCents: toCents(payment.totalAmount),
      message: failure.message,
    });
  }

  /** A renewal invoice (`subscription_cycle`): a new payment row, and the subscription's seats move to the new period end. */
  private async onRenewal(
    invoice: Stripe.Invoice,
    providerSubscriptionId: string,
    paid: boolean,
    details: { periodEnd: Date | null; quantity: number | null; paymentMethod: PaymentMethodSnapshot | null },
  ) {
    const [sub] = await this.tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, this.provider),
          eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        ),
      )
      .for('update');
    if (!sub) return this.unknown('subscription', providerSubscriptionId);
    const plan = await findPlanById(this.tx, sub.planId);
    const now = new Date();
    const periodEnd = details.periodEnd ?? addYears(sub.currentPeriodEnd ?? now, 1);
    const qty = details.quantity ?? sub.quantity;
    const invoiceId = invoice.id ?? '';
    const [existing] = await this.tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, this.provider), eq(payments.providerRef, invoiceId)))
      .for('update');
    if (existing?.status === 'Success' || existing?.status === 'Refunded') return;

    const paidCents = num(invoice.amount_paid) ?? num(invoice.amount_due);
    const expected = totals(plan.amount, qty, null);
    const totalCents = paidCents ?? expected.totalCents;
    const row = {
      status: paid ? ('Success' as const) : ('Failed' as const),
      message: paid ? null : failureOf(invoice).message,
      errorCode: paid ? null : failureOf(invoice).code,
      paymentMethod: details.paymentMethod,
      expiryAt: paid ? periodEnd : null,
      updatedAt: now,
    };
    if (existing) {
      await this.tx.update(payments).set(row).where(eq(payments.id, existing.id));
    } else {
      await this.tx.insert(payments).values({
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
      });
    }

    if (!paid) {
      await this.tx
        .update(subscriptions)
        .set({ status: 'past_due', updatedAt: now })
        .where(eq(subscriptions.id, sub.id));
      if (existing) return; // already reported once
      const message = row.message ?? 'Your payment could not be completed.';
      await this.audit(sub.customerId, 'Subscription Failed', `subscription renewal failed: ${message}`, true);
      await this.failureEmail(sub.customerId, { productName: plan.name, qty, totalCents, message });
      return;
    }

    // The seats of this subscription live on: their expiry moves to the new period end.
    await this.tx
      .update(licenceGrants)
      .set({ expiresAt: periodEnd })
      .where(
        and(
          eq(licenceGrants.subscriptionId, sub.id),
          isNull(licenceGrants.revokedAt),
          lt(licenceGrants.expiresAt, periodEnd),
        ),
      );
    await this.tx
      .update(subscriptions)
      .set({ status: 'active', currentPeriodEnd: periodEnd, quantity: qty, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
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
  }

  /** customers.subscription_expire_at / stripe_plan_id follow the latest-ending live subscription. */
  private async refreshCustomerSubscription(customerId: string) {
    const [latest] = await this.tx
      .select({ end: subscriptions.currentPeriodEnd, identifier: plans.identifier, priceId: plans.providerPriceId })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.customerId, customerId), inArray(subscriptions.status, ['active', 'past_due'])))
      .orderBy(sql`${subscriptions.currentPeriodEnd} desc nulls last`)
      .limit(1);
    if (!latest?.end) return;
    await this.tx
      .update(customers)
      .set({
        subscriptionExpireAt: latest.end,
        stripePlanId: latest.priceId ?? latest.identifier,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customerId));
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

  private async confirmationEmail(
    customerId: string,
    order: { productName: string; qty: number; totalCents: number; reason: string; expiry: Date | null },
  ) {
    const customer = await findCustomer(this.tx, customerId);
    if (!customer) return;
    const { config, queue } = this.ctx;
    const outboxId = await queueEmail(
      this.tx,
      customer.email,
      emailTemplates.orderConfirmation(config.productName, customer.name, {
        productName: order.productName,
        qty: order.qty,
        total: formatEuro(order.totalCents),
        reason: order.reason,
        expiry: order.expiry ? order.expiry.toISOString().slice(0, 10) : null,
        url: `${config.publicUrl}/payment-history`,
      }),
    );
    this.afterCommit(() => dispatchEmail(queue, outboxId));
  }

  private async failureEmail(
    customerId: string,
    order: { productName: string; qty: number; totalCents: number; message: string },
  ) {
    const customer = await findCustomer(this.tx, customerId);
    if (!customer) return;
    const { config, queue } = this.ctx;
    const outboxId = await queueEmail(
      this.tx,
      customer.email,
      emailTemplates.paymentFailed(config.productName, customer.name, {
        productName: order.productName,
        qty: order.qty,
        total: formatEuro(order.totalCents),
        message: order.message,
        url: `${config.publicUrl}/plans`,
      }),
    );
    this.afterCommit(() => dispatchEmail(queue, outboxId));
  }
}
