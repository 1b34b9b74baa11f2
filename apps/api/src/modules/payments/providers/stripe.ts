import crypto from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { coupons, customers, paymentMethods, plans } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { findPaymentMethod, toSavedPaymentMethod } from '../repository.ts';
import type {
  CheckoutIntent,
  OneTimeInput,
  PaymentProvider,
  ProviderCustomer,
  SubscriptionCreateInput,
  SubscriptionUpdateInput,
} from './types.ts';

/**
 * The `stripe` payment provider (DECISIONS §5), on the official SDK:
 * - one-time purchases are PaymentIntents; recurring plans are Subscriptions (`default_incomplete`) whose first
 *   invoice the browser pays with Stripe Elements; adding seats updates the subscription item's quantity with an
 *   immediate proration invoice (`pending_if_incomplete`: the new quantity applies only once that invoice is paid);
 * - every create/update carries an idempotency key (a retried checkout answers the same object);
 * - outcomes arrive as webhooks at `POST /api/v1/webhooks/stripe`, checked by `verifyEvent` (`constructEvent`)
 *   and handled by `payments/events.ts`.
 *
 * With the pinned API version an invoice no longer exposes its PaymentIntent (`invoice.payment_intent` is gone
 * since 2025-03-31): the browser's client secret is `invoice.confirmation_secret.client_secret`.
 * Secrets (API key, client secrets) and card data are never logged.
 */

/** The API version this code is written and typed against: the SDK's own (stripe v23). */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

export function createStripeClient(ctx: AppContext): Stripe {
  const { secretKey, apiBase } = ctx.config.stripe;
  if (!secretKey) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const config: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 30_000,
    telemetry: false,
    appInfo: { name: ctx.config.productName },
  };
  if (apiBase) {
    const url = new URL(apiBase);
    config.host = url.hostname;
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(secretKey, config);
}

/** The id the sandbox provider gives a customer: not a Stripe customer (an installation switched providers). */
const sandboxCustomerId = (customerId: string) => `cus_${customerId.replaceAll('-', '').slice(0, 24)}`;

/**
 * A key for one operation that is not tied to a checkout (attach, default card): the SDK's network retries reuse
 * it, while a later, deliberate repeat (attach again after a detach) is a new operation, not a cached replay.
 */
const operationKey = (kind: string, customerId: string) => `${kind}:${customerId}:${crypto.randomUUID()}`;

const PROVIDER_UNAVAILABLE = 'The payment provider could not process this request. Please try again in a moment.';

/** A Stripe failure as the error envelope: card problems are the customer's to fix, the rest is ours. */
export function stripeFailure(ctx: AppContext, err: unknown, operation: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof Stripe.errors.StripeCardError) {
    const declineCode = err.decline_code ?? err.code;
    const code = declineCode === 'insufficient_funds' ? 'E_INSUFFICIENT_FUNDS' : 'E_CARD_DECLINED';
    return new AppError(
      402,
      code,
      err.message || 'Your card was declined.',
      declineCode ? { decline_code: declineCode } : {},
    );
  }
  if (
    err instanceof Stripe.errors.StripeInvalidRequestError &&
    err.code === 'resource_missing' &&
    err.param === 'payment_method'
  ) {
    return notFound('No such payment method.');
  }
  if (err instanceof Stripe.errors.StripeError) {
    // The message and ids only: never the request (it may carry client secrets or card details).
    ctx.logger.error(
      { operation, stripeType: err.type, stripeCode: err.code, statusCode: err.statusCode, requestId: err.requestId },
      'stripe request failed',
    );
  } else {
    ctx.logger.error({ operation, err }, 'stripe request failed');
  }
  return new AppError(502, 'E_PROVIDER', PROVIDER_UNAVAILABLE);
}

type InvoiceLike = Pick<Stripe.Invoice, 'id' | 'status' | 'confirmation_secret' | 'amount_due'>;

/** The invoice of a subscription create/update as the browser needs it. */
function invoiceCheckout(
  invoice: string | Stripe.Invoice | null,
  paymentMethodId: string | null | undefined,
): Pick<CheckoutIntent, 'clientSecret' | 'providerRef' | 'status'> {
  if (!invoice || typeof invoice === 'string') {
    throw new Error('stripe answered a subscription without its expanded latest_invoice');
  }
  const inv: InvoiceLike = invoice;
  if (!inv.id) throw new Error('stripe answered an invoice without id');
  const secret = inv.confirmation_secret?.client_secret ?? null;
  if (inv.status === 'paid') return { clientSecret: secret ?? '', providerRef: inv.id, status: 'succeeded' };
  if (!secret) {
    // Nothing for the browser to confirm (e.g. a 0.00 proration invoice still finalising): it settles by webhook.
    return { clientSecret: '', providerRef: inv.id, status: 'processing' };
  }
  return {
    clientSecret: secret,
    providerRef: inv.id,
    status: paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
  };
}

function intentStatus(status: Stripe.PaymentIntent.Status): CheckoutIntent['status'] {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'requires_confirmation':
    case 'requires_action':
      return 'requires_confirmation';
    default:
      return 'requires_payment_method';
  }
}

/** Writes (or refreshes) our mirror of a Stripe card in `payment_methods`. */
export async function mirrorStripePaymentMethod(
  tx: DbOrTx,
  customerId: string,
  pm: Stripe.PaymentMethod,
  opts: { makeDefaultIfNone: boolean },
) {
  const card = pm.card
    ? {
        brand: pm.card.brand,
        country: pm.card.country ?? '',
        exp_month: pm.card.exp_month,
        exp_year: pm.card.exp_year,
        last4: pm.card.last4,
      }
    : null;
  const paypal = pm.paypal
    ? { country: pm.paypal.country ?? '', payer_email: pm.paypal.payer_email ?? '', payer_id: pm.paypal.payer_id ?? '' }
    : null;
  const [current] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.customerId, customerId),
        eq(paymentMethods.provider, 'stripe'),
        isNull(paymentMethods.detachedAt),
        eq(paymentMethods.isDefault, true),
        ne(paymentMethods.providerPmId, pm.id),
      ),
    );
  const existing = await findPaymentMethod(tx, 'stripe', pm.id);
  if (existing && existing.customerId !== customerId) throw notFound('No such payment method.');
  const isDefault = (existing?.isDefault ?? false) || (opts.makeDefaultIfNone && !current);
  const values = { type: pm.type === 'paypal' ? 'paypal' : 'card', card, paypal, isDefault, detachedAt: null };
  const [row] = existing
    ? await tx.update(paymentMethods).set(values).where(eq(paymentMethods.id, existing.id)).returning()
    : await tx
        .insert(paymentMethods)
        .values({ customerId, provider: 'stripe', providerPmId: pm.id, ...values })
        .returning();
  return row!;
}

export function createStripeProvider(ctx: AppContext): PaymentProvider {
  const stripe = createStripeClient(ctx);
  const webhookSecret = ctx.config.stripe.webhookSecret;

  async function call<T>(operation: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw stripeFailure(ctx, err, operation);
    }
  }

  async function ensureCustomer(tx: DbOrTx, customer: ProviderCustomer): Promise<string> {
    if (customer.providerCustomerId && customer.providerCustomerId !== sandboxCustomerId(customer.id)) {
      return customer.providerCustomerId;
    }
    const created = await call('customers.create', () =>
      stripe.customers.create(
        { email: customer.email, name: customer.name, metadata: { customerId: customer.id } },
        { idempotencyKey: `customer:${customer.id}` },
      ),
    );
    const stale = customer.providerCustomerId;
    const [saved] = await tx
      .update(customers)
      .set({ stripeCustomerId: created.id, updatedAt: new Date() })
      .where(
        and(
          eq(customers.id, customer.id),
          stale ? eq(customers.stripeCustomerId, stale) : isNull(customers.stripeCustomerId),
        ),
      )
      .returning({ id: customers.stripeCustomerId });
    if (saved?.id) return saved.id;
    // Another request saved one first: use it.
    const [row] = await tx
      .select({ id: customers.stripeCustomerId })
      .from(customers)
      .where(eq(customers.id, customer.id));
    return row?.id ?? created.id;
  }

  /** The plan's yearly Stripe price, created once (and stored in plans.provider_price_id). */
  async function ensurePrice(input: SubscriptionCreateInput): Promise<string> {
    if (input.providerPriceId) return input.providerPriceId;
    const [plan] = await input.tx.select().from(plans).where(eq(plans.id, input.planId));
    if (!plan) throw new Error(`plan ${input.planId} is missing`);
    if (plan.providerPriceId) return plan.providerPriceId;
    const interval =
      plan.interval === 'month' || plan.interval === 'week' || plan.interval === 'day' ? plan.interval : 'year';
    const price = await call('prices.create', () =>
      stripe.prices.create(
        {
          currency: plan.currency,
          unit_amount: input.unitAmountCents,
          recurring: { interval, interval_count: plan.intervalCount },
          product_data: { name: plan.name, metadata: { planId: plan.id, planIdentifier: plan.identifier } },
          metadata: { planId: plan.id, planIdentifier: plan.identifier },
        },
        { idempotencyKey: `price:${plan.id}:${plan.currency}:${input.unitAmountCents}` },
      ),
    );
    await input.tx
      .update(plans)
      .set({ providerPriceId: price.id, updatedAt: new Date() })
      .where(and(eq(plans.id, plan.id), isNull(plans.providerPriceId)));
    return price.id;
  }

  /** The Stripe coupon of one of our percent-off coupons, created once (coupons.provider_coupon_id). */
  async function ensureCoupon(tx: DbOrTx, coupon: NonNullable<SubscriptionCreateInput['coupon']>): Promise<string> {
    if (coupon.providerCouponId) return coupon.providerCouponId;
    const code = coupon.code.trim().toUpperCase();
    const created = await call('coupons.create', () =>
      stripe.coupons.create(
        { percent_off: coupon.percentOff, duration: 'forever', name: code, metadata: { code } },
        { idempotencyKey: `coupon:${code}:${coupon.percentOff}` },
      ),
    );
    await tx
      .update(coupons)
      .set({ providerCouponId: created.id })
      .where(and(eq(coupons.code, code), isNull(coupons.providerCouponId)));
    return created.id;
  }

  const metadataOf = (input: OneTimeInput) => ({
    paymentId: input.paymentId,
    customerId: input.customer.id,
    planIdentifier: input.planIdentifier,
    qty: String(input.qty),
  });

  async function customerIdFor(input: OneTimeInput) {
    return input.customer.providerCustomerId &&
      input.customer.providerCustomerId !== sandboxCustomerId(input.customer.id)
      ? input.customer.providerCustomerId
      : ensureCustomer(input.tx, input.customer);
  }

  return {
    name: 'stripe',

    ensureCustomer,

    async createOneTimePayment(input: OneTimeInput): Promise<CheckoutIntent> {
      const customer = await customerIdFor(input);
      const intent = await call('paymentIntents.create', () =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            customer,
            description: input.description,
            metadata: metadataOf(input),
            // Which methods: the account's payment method settings (cards at least), rendered by Stripe Elements.
            automatic_payment_methods: { enabled: true },
            setup_future_usage: 'off_session',
            ...(input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new Error('stripe answered a PaymentIntent without client secret');
      return { clientSecret: intent.client_secret, providerRef: intent.id, status: intentStatus(intent.status) };
    },

    async createSubscription(input: SubscriptionCreateInput): Promise<CheckoutIntent> {
      const customer = await customerIdFor(input);
      const price = await ensurePrice(input);
      const couponId = input.coupon ? await ensureCoupon(input.tx, input.coupon) : null;
      const subscription = await call('subscriptions.create', () =>
        stripe.subscriptions.create(
          {
            customer,
            items: [{ price, quantity: input.qty }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
            ...(input.paymentMethodId ? { default_payment_method: input.paymentMethodId } : {}),
            description: input.description,
            metadata: metadataOf(input),
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      const item = subscription.items.data[0];
      return {
        ...invoiceCheckout(subscription.latest_invoice, input.paymentMethodId),
        providerSubscriptionId: subscription.id,
        ...(item ? { providerItemId: item.id } : {}),
      };
    },

    async updateSubscriptionQuantity(input: SubscriptionUpdateInput): Promise<CheckoutIntent> {
      let itemId = input.providerItemId;
      if (!itemId) {
        const current = await call('subscriptions.retrieve', () =>
          stripe.subscriptions.retrieve(input.providerSubscriptionId),
        );
        itemId = current.items.data[0]?.id ?? null;
        if (!itemId) throw new Error(`stripe subscription ${input.providerSubscriptionId} has no item`);
      }
      const subscription = await call('subscriptions.update', () =>
        stripe.subscriptions.update(
          input.providerSubscriptionId,
          {
            items: [{ id: itemId, quantity: input.newQuantity }],
            proration_behavior: 'always_invoice',
            // The new quantity applies only once the proration invoice is paid.
            payment_behavior: 'pending_if_incomplete',
            metadata: metadataOf(input),
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return {
        ...invoiceCheckout(subscription.latest_invoice, input.paymentMethodId),
        providerSubscriptionId: subscription.id,
        providerItemId: itemId,
      };
    },

    async attachPaymentMethod(tx: DbOrTx, customer: ProviderCustomer, pmId: string) {
      const stripeCustomer = await ensureCustomer(tx, customer);
      const pm = await call('paymentMethods.attach', () =>
        stripe.paymentMethods.attach(
          pmId,
          { customer: stripeCustomer },
          { idempotencyKey: operationKey('attach', customer.id) },
        ),
      );
      const row = await mirrorStripePaymentMethod(tx, customer.id, pm, { makeDefaultIfNone: true });
      if (row.isDefault) {
        await call('customers.update', () =>
          stripe.customers.update(
            stripeCustomer,
            { invoice_settings: { default_payment_method: pm.id } },
            { idempotencyKey: operationKey('default-pm', customer.id) },
          ),
        );
      }
      return toSavedPaymentMethod(row);
    },

    async setDefaultPaymentMethod(tx: DbOrTx, customer: ProviderCustomer, pmId: string) {
      const pm = await findPaymentMethod(tx, 'stripe', pmId);
      if (!pm || pm.customerId !== customer.id || pm.detachedAt) throw notFound('No such payment method.');
      const stripeCustomer = await ensureCustomer(tx, customer);
      await call('customers.update', () =>
        stripe.customers.update(
          stripeCustomer,
          { invoice_settings: { default_payment_method: pmId } },
          { idempotencyKey: operationKey('default-pm', customer.id) },
        ),
      );
      await tx
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(and(eq(paymentMethods.customerId, customer.id), eq(paymentMethods.provider, 'stripe')));
      await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, pm.id));
    },

    verifyEvent(rawBody: string | Buffer, signatureHeader: string | undefined): Stripe.Event {
      if (!webhookSecret) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET');
      if (!signatureHeader) throw new AppError(400, 'E_WEBHOOK_SIGNATURE', 'Invalid webhook signature.');
      try {
        return stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
      } catch {
        throw new AppError(400, 'E_WEBHOOK_SIGNATURE', 'Invalid webhook signature.');
      }
    },
  };
}
