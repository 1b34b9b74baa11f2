import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type {
  CheckoutIntent,
  OneTimeInput,
  PaymentProvider,
  ProviderCustomer,
  ProviderPaymentMethod,
  RefundInput,
  SubscriptionReduceInput,
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
const STRIPE_API_VERSION = Stripe.API_VERSION;

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
function stripeFailure(ctx: AppContext, err: unknown, operation: string): AppError {
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

/** A Stripe payment method as `payment_methods` mirrors it. */
export function describeStripePaymentMethod(pm: Stripe.PaymentMethod): ProviderPaymentMethod {
  return {
    providerPmId: pm.id,
    type: pm.type === 'paypal' ? 'paypal' : 'card',
    card: pm.card
      ? {
          brand: pm.card.brand,
          country: pm.card.country ?? '',
          exp_month: pm.card.exp_month,
          exp_year: pm.card.exp_year,
          last4: pm.card.last4,
        }
      : null,
    paypal: pm.paypal
      ? {
          country: pm.paypal.country ?? '',
          payer_email: pm.paypal.payer_email ?? '',
          payer_id: pm.paypal.payer_id ?? '',
        }
      : null,
  };
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

  async function ensureCustomer(customer: ProviderCustomer) {
    if (customer.providerCustomerId && customer.providerCustomerId !== sandboxCustomerId(customer.id)) {
      return { id: customer.providerCustomerId, created: false };
    }
    const created = await call('customers.create', () =>
      stripe.customers.create(
        { email: customer.email, name: customer.name, metadata: { customerId: customer.id } },
        { idempotencyKey: `customer:${customer.id}` },
      ),
    );
    return { id: created.id, created: true };
  }

  /** The plan's yearly Stripe price, created when the plan has none yet (the caller stores it). */
  async function ensurePrice(input: SubscriptionCreateInput): Promise<{ id: string; created: boolean }> {
    const { plan } = input;
    if (plan.providerPriceId) return { id: plan.providerPriceId, created: false };
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
    return { id: price.id, created: true };
  }

  /** The Stripe coupon of one of our percent-off coupons, created when it has none yet (the caller stores it). */
  async function ensureCoupon(
    coupon: NonNullable<SubscriptionCreateInput['coupon']>,
  ): Promise<{ id: string; created: boolean }> {
    if (coupon.providerCouponId) return { id: coupon.providerCouponId, created: false };
    const code = coupon.code.trim().toUpperCase();
    const created = await call('coupons.create', () =>
      stripe.coupons.create(
        { percent_off: coupon.percentOff, duration: 'forever', name: code, metadata: { code } },
        { idempotencyKey: `coupon:${code}:${coupon.percentOff}` },
      ),
    );
    return { id: created.id, created: true };
  }

  const metadataOf = (input: OneTimeInput) => ({
    paymentId: input.paymentId,
    customerId: input.customer.id,
    planIdentifier: input.planIdentifier,
    qty: String(input.qty),
  });

  /** The Stripe customer of a checkout: the service ensured it before creating the intent. */
  function customerIdFor(input: OneTimeInput) {
    const id = input.customer.providerCustomerId;
    if (!id || id === sandboxCustomerId(input.customer.id))
      throw new Error('ensureCustomer must run before a checkout');
    return id;
  }

  /** The PaymentIntent that paid an invoice (`invoice.payment_intent` is gone from the pinned API version). */
  async function paymentIntentOfInvoice(invoiceId: string): Promise<string> {
    const list = await call('invoicePayments.list', () =>
      stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 }),
    );
    const pi = list.data[0]?.payment.payment_intent;
    const id = typeof pi === 'string' ? pi : pi?.id;
    if (!id) throw new AppError(409, 'E_REFUND_NOT_ALLOWED', 'Stripe has no paid payment for this invoice to refund.');
    return id;
  }

  async function setDefaultPaymentMethod(customer: ProviderCustomer, pmId: string) {
    const stripeCustomer = customer.providerCustomerId;
    if (!stripeCustomer) throw new Error('ensureCustomer must run before a payment method is made the default');
    await call('customers.update', () =>
      stripe.customers.update(
        stripeCustomer,
        { invoice_settings: { default_payment_method: pmId } },
        { idempotencyKey: operationKey('default-pm', customer.id) },
      ),
    );
  }

  async function detachPaymentMethod(customer: ProviderCustomer, pmId: string) {
    await call('paymentMethods.detach', () =>
      stripe.paymentMethods.detach(pmId, {}, { idempotencyKey: operationKey('detach-pm', `${customer.id}:${pmId}`) }),
    );
  }

  return {
    name: 'stripe',

    ensureCustomer,

    async createOneTimePayment(input: OneTimeInput): Promise<CheckoutIntent> {
      const customer = customerIdFor(input);
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
      const customer = customerIdFor(input);
      const price = await ensurePrice(input);
      const coupon = input.coupon ? await ensureCoupon(input.coupon) : null;
      const subscription = await call('subscriptions.create', () =>
        stripe.subscriptions.create(
          {
            customer,
            items: [{ price: price.id, quantity: input.qty }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
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
        created: {
          ...(price.created ? { priceId: price.id } : {}),
          ...(coupon?.created ? { couponId: coupon.id } : {}),
        },
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

    async attachPaymentMethod(_tx, customer: ProviderCustomer, pmId: string) {
      const stripeCustomer = customer.providerCustomerId;
      if (!stripeCustomer) throw new Error('ensureCustomer must run before a payment method is attached');
      const pm = await call('paymentMethods.attach', () =>
        stripe.paymentMethods.attach(
          pmId,
          { customer: stripeCustomer },
          { idempotencyKey: operationKey('attach', customer.id) },
        ),
      );
      return describeStripePaymentMethod(pm);
    },

    setDefaultPaymentMethod,
    detachPaymentMethod,

    async refund(input: RefundInput) {
      // A subscription payment is stored by its invoice: refund the PaymentIntent that paid it.
      const paymentIntent = input.providerRef.startsWith('in_')
        ? await paymentIntentOfInvoice(input.providerRef)
        : input.providerRef;
      const refund = await call('refunds.create', () =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: input.amountCents,
            reason: 'requested_by_customer',
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { refundId: refund.id };
    },

    async reduceSubscriptionQuantity(input: SubscriptionReduceInput) {
      if (input.newQuantity <= 0) {
        await call('subscriptions.cancel', () =>
          stripe.subscriptions.cancel(
            input.providerSubscriptionId,
            { prorate: false, invoice_now: false },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
        return;
      }
      const current = await call('subscriptions.retrieve', () =>
        stripe.subscriptions.retrieve(input.providerSubscriptionId),
      );
      const item = current.items.data[0];
      if (!item) throw new Error(`stripe subscription ${input.providerSubscriptionId} has no item`);
      await call('subscriptions.update', () =>
        stripe.subscriptions.update(
          input.providerSubscriptionId,
          { items: [{ id: item.id, quantity: input.newQuantity }], proration_behavior: 'none' },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
    },

    async invoiceOfPaymentIntent(paymentIntentId: string) {
      const list = await call('invoicePayments.list', () =>
        stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 }),
      );
      const invoice = list.data[0]?.invoice;
      return typeof invoice === 'string' ? invoice : (invoice?.id ?? null);
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
