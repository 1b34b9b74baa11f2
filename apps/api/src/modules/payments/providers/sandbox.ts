import crypto from 'node:crypto';
import Stripe from 'stripe';
import { inTransaction, type AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { hmac, sha256 } from '../../../lib/crypto.ts';
import {
  findIntentOfPayment,
  insertIntent,
  lockIntentOfPayment,
  recordIntentRefund,
  type SandboxIntentRow,
} from '../../sandbox/repository.ts';
import { findPaymentMethod } from '../repository.ts';
import type {
  CheckoutIntent,
  OneTimeInput,
  PaymentProvider,
  ProviderCustomer,
  RefundInput,
  SubscriptionCreateInput,
  SubscriptionUpdateInput,
} from './types.ts';

/**
 * The default payment provider: behaves like Stripe PaymentIntents (DECISIONS §5) with its state in
 * `sandbox_intents`. The browser confirms at `POST /api/v1/sandbox/confirm` (modules/sandbox), and the outcome
 * comes back as a Stripe-shaped event signed with the sandbox webhook secret, verified by `verifyEvent`
 * (Stripe's `constructEvent`) and handled by `payments/events.ts`, exactly like a Stripe webhook.
 *
 * Client secrets are `<intent id>_secret_<HMAC(installation sandbox key, intent id)>`: only their SHA-256 is
 * stored, yet the same intent always gives the same secret (an idempotent checkout replay answers it again).
 */

export const sandboxId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

const sandboxWebhookSecret = (ctx: AppContext) =>
  `whsec_${hmac(ctx.secrets.sandboxKey, 'sandbox:webhook-secret').slice(0, 40)}`;

const clientSecretFor = (ctx: AppContext, intentId: string) =>
  `${intentId}_secret_${hmac(ctx.secrets.sandboxKey, `sandbox:client-secret:${intentId}`).slice(0, 32)}`;

function checkoutStatusOf(intent: SandboxIntentRow): CheckoutIntent['status'] {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'processing') return 'processing';
  return intent.providerPmId ? 'requires_confirmation' : 'requires_payment_method';
}

function toCheckout(ctx: AppContext, intent: SandboxIntentRow): CheckoutIntent {
  return {
    clientSecret: clientSecretFor(ctx, intent.id),
    providerRef: intent.id,
    ...(intent.metadata.subscriptionId ? { providerSubscriptionId: intent.metadata.subscriptionId } : {}),
    ...(intent.metadata.itemId ? { providerItemId: intent.metadata.itemId } : {}),
    status: checkoutStatusOf(intent),
  };
}

/** A saved, attached method of this customer to pre-fill the intent with (subscription update). */
async function usableMethod(tx: DbOrTx, customerId: string, pmId: string | null | undefined) {
  if (!pmId) return null;
  const pm = await findPaymentMethod(tx, 'sandbox', pmId);
  return pm && pm.customerId === customerId && !pm.detachedAt ? pm.providerPmId : null;
}

/** Creates the intent of a payment row once; called again for the same payment it answers the same intent. */
async function createIntent(
  ctx: AppContext,
  input: OneTimeInput,
  kind: 'payment_intent' | 'invoice',
  extra: Record<string, string>,
): Promise<CheckoutIntent> {
  // Like Stripe's idempotency: requests racing for one payment get one intent (the sandbox's own short transaction;
  // the checkout calls the provider outside its transactions, issue 12, item 7).
  return inTransaction(ctx.db, async (tx) => {
    await lockIntentOfPayment(tx, input.paymentId);
    return createIntentOnce(ctx, { ...input, tx }, kind, extra);
  });
}

async function createIntentOnce(
  ctx: AppContext,
  input: OneTimeInput,
  kind: 'payment_intent' | 'invoice',
  extra: Record<string, string>,
): Promise<CheckoutIntent> {
  const existing = await findIntentOfPayment(input.tx, input.paymentId);
  if (existing) return toCheckout(ctx, existing);
  const id = sandboxId(kind === 'invoice' ? 'in' : 'pi');
  const row = await insertIntent(input.tx, {
    id,
    clientSecretHash: sha256(clientSecretFor(ctx, id)),
    customerId: input.customer.id,
    paymentId: input.paymentId,
    kind,
    amountCents: input.amountCents,
    currency: input.currency,
    providerPmId: await usableMethod(input.tx, input.customer.id, input.paymentMethodId),
    metadata: {
      paymentId: input.paymentId,
      customerId: input.customer.id,
      planIdentifier: input.planIdentifier,
      qty: String(input.qty),
      ...extra,
    },
  });
  return toCheckout(ctx, row);
}

export function createSandboxProvider(ctx: AppContext): PaymentProvider {
  const webhookSecret = sandboxWebhookSecret(ctx);
  return {
    name: 'sandbox',

    async ensureCustomer(customer: ProviderCustomer) {
      if (customer.providerCustomerId) return { id: customer.providerCustomerId, created: false };
      return { id: `cus_${customer.id.replaceAll('-', '').slice(0, 24)}`, created: true };
    },

    createOneTimePayment: (input: OneTimeInput) => createIntent(ctx, input, 'payment_intent', {}),

    createSubscription: (input: SubscriptionCreateInput) =>
      createIntent(ctx, input, 'invoice', {
        billingReason: 'subscription_create',
        subscriptionId: sandboxId('sub'),
        itemId: sandboxId('si'),
        quantity: String(input.qty),
      }),

    /** Sandbox: charges the full price of the added seats for the current period (no proration). */
    updateSubscriptionQuantity: (input: SubscriptionUpdateInput) =>
      createIntent(ctx, input, 'invoice', {
        billingReason: 'subscription_update',
        subscriptionId: input.providerSubscriptionId,
        itemId: input.providerItemId ?? '',
        quantity: String(input.newQuantity),
      }),

    /** The card was saved (unattached) by `sandbox/payment-methods`: only its owner may attach it. */
    async attachPaymentMethod(tx: DbOrTx, customer: ProviderCustomer, pmId: string) {
      const pm = await findPaymentMethod(tx, 'sandbox', pmId);
      if (!pm || pm.customerId !== customer.id) throw notFound('No such payment method.');
      return { providerPmId: pm.providerPmId, type: pm.type, card: pm.card, paypal: pm.paypal };
    },

    /** Nothing to tell: the default is our row's flag. */
    async setDefaultPaymentMethod() {},
    async detachPaymentMethod() {},

    /**
     * Records the refund on the intent once per idempotency key, refusing more than was paid (as Stripe does). A payment
     * without a sandbox intent (seeded or demo data) has nothing to record. The refund id is derived from the key, so a
     * retry answers the same id.
     */
    async refund(input: RefundInput) {
      const refundId = `re_${sha256(`sandbox-refund:${input.idempotencyKey}`).slice(0, 24)}`;
      await inTransaction(ctx.db, async (tx) => {
        const recorded = await recordIntentRefund(tx, input.providerRef, input.idempotencyKey, input.amountCents);
        if (recorded?.fresh && (recorded.before ?? 0) + input.amountCents > recorded.intent.amountCents) {
          throw new AppError(400, 'E_REFUND_AMOUNT', 'The refund is more than what remains of this charge.');
        }
      });
      return { refundId };
    },

    /** The sandbox keeps no subscription of its own: our `subscriptions` row is the subscription. */
    async reduceSubscriptionQuantity() {},

    /** Sandbox events name the intent of the payment itself (`payment_intent` or `invoice`). */
    async invoiceOfPaymentIntent() {
      return null;
    },

    verifyEvent(rawBody: string | Buffer, signatureHeader: string | undefined): Stripe.Event {
      if (!signatureHeader) throw new AppError(400, 'E_WEBHOOK_SIGNATURE', 'The event signature is missing.');
      try {
        return Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
      } catch {
        throw new AppError(400, 'E_WEBHOOK_SIGNATURE', 'The event signature is not valid.');
      }
    },
  };
}

/** Signs an event payload as Stripe does (`t=…,v1=…`), with the sandbox webhook secret. */
export const signSandboxPayload = (ctx: AppContext, payload: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret(ctx) });
