import type Stripe from 'stripe';
import type { DbOrTx } from '../../../db/client.ts';
import type { paymentMethods, plans } from '../../../db/schema.ts';

/**
 * The seam between the payment rules (`payments/service.ts`) and a payment provider. Two implementations:
 * `sandbox.ts` (default; behaves like Stripe, state in `sandbox_intents`) and `stripe.ts` (the official SDK).
 *
 * Outcomes never come back through these calls: the provider delivers a Stripe-shaped, signed event
 * (`payment_intent.succeeded`, `payment_intent.payment_failed`, `invoice.paid`, `invoice.payment_failed`,
 * `customer.subscription.updated`, `customer.subscription.deleted`) to `payments/events.ts`, which verifies it
 * with `verifyEvent` and changes payments and seats in one transaction, once per event id.
 *
 * Providers write none of our rows: they answer what happened at the provider (a customer id, a price or coupon
 * created, a card to mirror) and `payments/service.ts` stores it through the repository. The sandbox keeps its own
 * intents (`sandbox_intents`, what Stripe keeps on its side) through `sandbox/repository.ts`.
 */

export type ProviderName = 'sandbox' | 'stripe';

/** What the browser needs to confirm the payment. */
export interface CheckoutIntent {
  clientSecret: string;
  /** PaymentIntent id (one-time) or invoice id (subscription create/update): `payments.provider_ref`. */
  providerRef: string;
  providerSubscriptionId?: string;
  providerItemId?: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded';
  /** Ids the provider created on the way (a subscription's price and coupon), for the caller to store. */
  created?: { priceId?: string; couponId?: string };
}

/** A payment method as the provider reports it: what `payment_methods` mirrors. */
export type ProviderPaymentMethod = Pick<
  typeof paymentMethods.$inferSelect,
  'providerPmId' | 'type' | 'card' | 'paypal'
>;

/** The plan as a provider prices it. */
export type ProviderPlan = Pick<
  typeof plans.$inferSelect,
  'id' | 'identifier' | 'name' | 'currency' | 'interval' | 'intervalCount' | 'providerPriceId'
>;

/** The customer as the provider needs it. `providerCustomerId` is `customers.stripe_customer_id`. */
export interface ProviderCustomer {
  id: string;
  email: string;
  name: string;
  providerCustomerId: string | null;
}

export interface OneTimeInput {
  /** The database pool: the checkout calls providers outside its transactions (the sandbox keeps its intents there). */
  tx: DbOrTx;
  customer: ProviderCustomer;
  /** Our payment row id: goes into the provider's metadata as `paymentId`, with `customerId`. */
  paymentId: string;
  planIdentifier: string;
  qty: number;
  amountCents: number;
  currency: string;
  description: string;
  idempotencyKey: string;
  /** A saved method to charge (pm_…); without it the browser supplies the card. */
  paymentMethodId?: string | null;
}

export interface SubscriptionCreateInput extends OneTimeInput {
  /** The plan; without `providerPriceId` the provider creates the price (answered in `created.priceId`). */
  plan: ProviderPlan;
  unitAmountCents: number;
  /** Percent-off coupon, already validated. */
  coupon: { code: string; percentOff: number; providerCouponId: string | null } | null;
}

export interface SubscriptionUpdateInput extends OneTimeInput {
  providerSubscriptionId: string;
  providerItemId: string | null;
  /** The new total quantity of the subscription (current + added). */
  newQuantity: number;
}

/** A refund at the provider (DECISIONS §8 "Refund"): of the PaymentIntent or invoice that paid our payment. */
export interface RefundInput {
  /** `payments.provider_ref`: a PaymentIntent (one-time) or an invoice (subscription create/update). */
  providerRef: string;
  amountCents: number;
  currency: string;
  /** The same key for the same refund: a retry never refunds twice. */
  idempotencyKey: string;
  metadata: { paymentId: string; customerId: string; refundId: string };
}

/** Lowers a subscription's quantity after a refund, without proration (0 cancels it at once, without proration). */
export interface SubscriptionReduceInput {
  providerSubscriptionId: string;
  newQuantity: number;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The provider's customer id: the stored one while it is the provider's, else a new one (`created`) to store. */
  ensureCustomer(customer: ProviderCustomer): Promise<{ id: string; created: boolean }>;
  createOneTimePayment(input: OneTimeInput): Promise<CheckoutIntent>;
  createSubscription(input: SubscriptionCreateInput): Promise<CheckoutIntent>;
  /** Raises the quantity, prorated; answers the intent of the proration invoice. */
  updateSubscriptionQuantity(input: SubscriptionUpdateInput): Promise<CheckoutIntent>;
  /** Attaches a tokenised method (pm_…) to the customer (who has a provider id) and answers what to mirror. */
  attachPaymentMethod(tx: DbOrTx, customer: ProviderCustomer, pmId: string): Promise<ProviderPaymentMethod>;
  /** Makes a method the customer's default at the provider (the caller checked it is theirs). */
  setDefaultPaymentMethod(customer: ProviderCustomer, pmId: string): Promise<void>;
  /** Refunds money of a paid PaymentIntent or invoice; answers the provider's refund id. */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Lowers the subscription quantity (no proration); 0 cancels the subscription. */
  reduceSubscriptionQuantity(input: SubscriptionReduceInput): Promise<void>;
  /**
   * For charge and dispute events: the invoice a PaymentIntent paid (subscription payments are stored by invoice id),
   * or null. Called outside any transaction.
   */
  invoiceOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /** Detaches a saved method from the customer at the provider (the caller checked it is theirs, not the default). */
  detachPaymentMethod(customer: ProviderCustomer, pmId: string): Promise<void>;
  /**
   * Verifies a delivered event's signature (Stripe's `t=…,v1=…` header) and parses it.
   * Throws AppError(400, 'E_WEBHOOK_SIGNATURE') when the signature is missing, wrong or too old.
   */
  verifyEvent(rawBody: string | Buffer, signatureHeader: string | undefined): Stripe.Event;
}
