import type { ErrorCode, SavedPaymentMethod } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { handleProviderEvent } from '../payments/events.ts';
import { addYears, totals } from '../payments/money.ts';
import {
  findCoupon,
  findPaymentMethod,
  hasOtherDefault,
  insertPaymentMethod,
  toSavedPaymentMethod,
  updatePaymentMethod,
  type PaymentMethodRow,
} from '../payments/repository.ts';
import { createPaymentProvider } from '../payments/providers/index.ts';
import { createSandboxProvider, sandboxId, signSandboxPayload } from '../payments/providers/sandbox.ts';
import * as repo from './repository.ts';

export const SANDBOX_DELIVER_QUEUE = 'payments.sandbox-deliver';

// ---------------------------------------------------------------------------------------------------------
// Cards: Stripe's test numbers decide the outcome (https://docs.stripe.com/testing).

type Outcome =
  | { ok: true }
  | {
      ok: false;
      code: string;
      declineCode: string;
      message: string;
      apiCode: Extract<ErrorCode, 'E_CARD_DECLINED' | 'E_INSUFFICIENT_FUNDS'>;
    };

const decline = (
  code: string,
  declineCode: string,
  message: string,
  apiCode: Extract<ErrorCode, 'E_CARD_DECLINED' | 'E_INSUFFICIENT_FUNDS'> = 'E_CARD_DECLINED',
): Outcome => ({ ok: false, code, declineCode, message, apiCode });

type OutcomeName = 'success' | 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'live_card';

const OUTCOMES: Record<OutcomeName, Outcome> = {
  success: { ok: true },
  card_declined: decline('card_declined', 'card_declined', 'Your card was declined.'),
  insufficient_funds: decline(
    'card_declined',
    'insufficient_funds',
    'Your card has insufficient funds.',
    'E_INSUFFICIENT_FUNDS',
  ),
  expired_card: decline('expired_card', 'expired_card', 'Your card has expired.'),
  incorrect_cvc: decline('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
  live_card: decline(
    'card_declined',
    'test_mode_live_card',
    'Your card was declined. Your request was in test mode, but used a non test card.',
  ),
};

const TEST_CARDS: Record<string, OutcomeName> = {
  '4242424242424242': 'success',
  '5555555555554444': 'success',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
};

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  country?: string | undefined;
}

/** What Stripe.js rejects before any charge: a 400, no event. */
function checkCard(input: CardInput, now = new Date()) {
  const number = input.number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    throw new AppError(400, 'E_CARD_INVALID', 'Your card number is incorrect.', { decline_code: 'incorrect_number' });
  }
  const brand = brandOf(number);
  if (!/^\d+$/.test(input.cvc) || input.cvc.length !== (brand === 'amex' ? 4 : 3)) {
    throw new AppError(400, 'E_CARD_INVALID', "Your card's security code is incomplete.", {
      decline_code: 'incomplete_cvc',
    });
  }
  if (isPast(input.expMonth, input.expYear, now)) {
    throw new AppError(400, 'E_CARD_INVALID', "Your card's expiration date is in the past.", {
      decline_code: 'invalid_expiry_year',
    });
  }
  return {
    brand,
    last4: number.slice(-4),
    country: input.country ?? 'US',
    exp_month: input.expMonth,
    exp_year: input.expYear,
    sandboxOutcome: TEST_CARDS[number] ?? 'live_card',
  };
}

const isPast = (month: number, year: number, now: Date) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

type Card = ReturnType<typeof checkCard>;

/** Saves a card for the customer (attached or not), reusing an identical one already saved. */
async function saveCard(tx: DbOrTx, customerId: string, card: Card, attach: boolean): Promise<PaymentMethodRow> {
  const owned = await repo.sandboxCardsOf(tx, customerId);
  const attached = owned.filter((pm) => !pm.detachedAt);
  if (attach) {
    const same = attached.find(
      (pm) =>
        pm.card?.last4 === card.last4 &&
        pm.card.brand === card.brand &&
        pm.card.exp_month === card.exp_month &&
        pm.card.exp_year === card.exp_year,
    );
    if (same) return same;
  }
  return insertPaymentMethod(tx, {
    customerId,
    provider: 'sandbox',
    providerPmId: sandboxId('pm'),
    type: 'card',
    card,
    isDefault: attach && !attached.some((pm) => pm.isDefault),
    // Tokenised but not attached yet: kept out of the customer's list until `payment-method/attach`.
    detachedAt: attach ? null : new Date(),
  });
}

/**
 * `POST /api/v1/sandbox/payment-methods` (Stripe.js createPaymentMethod): checks the card and returns a `pm_…`.
 * The row is stored for the signed-in customer but unattached (`detached_at` set) until
 * `users/payment-method/attach`, so only its owner can ever attach or charge it.
 */
export async function tokeniseCard(
  ctx: AppContext,
  actor: CustomerActor,
  input: CardInput,
): Promise<SavedPaymentMethod> {
  const card = checkCard(input);
  const row = await saveCard(ctx.db, actor.id, card, false);
  return toSavedPaymentMethod(row);
}

// ---------------------------------------------------------------------------------------------------------
// Confirm

interface ConfirmInput {
  clientSecret: string;
  number?: string | undefined;
  expMonth?: number | undefined;
  expYear?: number | undefined;
  cvc?: string | undefined;
  country?: string | undefined;
  paymentMethodId?: string | undefined;
  savePaymentMethod?: boolean | undefined;
}

/**
 * `POST /api/v1/sandbox/confirm`: charges the intent with a card (or a saved method) and records the outcome;
 * the outcome reaches the payment only as a signed event, delivered after commit (and re-delivered by a job
 * and the sweep if that fails). The client secret is the credential, as with Stripe.
 */
export async function confirmIntent(ctx: AppContext, input: ConfirmInput, ip: string) {
  await enforceLimit(
    ctx.db,
    `sandbox-confirm:ip:${ip}`,
    120,
    600,
    'Too many payment attempts from your network. Please wait a few minutes and try again.',
  );
  const result = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const intent = await repo.lockIntentBySecretHash(tx, sha256(input.clientSecret));
    if (!intent) throw notFound('No such payment intent.');
    if (intent.status === 'succeeded') {
      // A retried confirm (the first answer was lost, e.g. its process died after the commit) delivers the event
      // again: a no-op when it was handled, the grant when the first delivery never ran.
      afterCommit(() => deliverSandboxEvent(ctx, intent.id));
      return { intent, outcome: OUTCOMES.success };
    }

    let card: Card;
    let savedPm: PaymentMethodRow | null = null;
    if (input.number) {
      if (input.expMonth === undefined || input.expYear === undefined || !input.cvc) {
        throw new AppError(400, 'E_CARD_INVALID', 'Your card details are incomplete.');
      }
      card = checkCard({
        number: input.number,
        expMonth: input.expMonth,
        expYear: input.expYear,
        cvc: input.cvc,
        country: input.country,
      });
    } else {
      const pmId = input.paymentMethodId ?? intent.providerPmId;
      if (!pmId) throw badRequest('E_PAYMENT_METHOD_REQUIRED', 'Please enter your card details.');
      savedPm = await findPaymentMethod(tx, 'sandbox', pmId);
      if (!savedPm?.card || savedPm.customerId !== intent.customerId) {
        throw badRequest('E_PAYMENT_METHOD_REQUIRED', 'No such payment method.');
      }
      card = { ...savedPm.card, sandboxOutcome: (savedPm.card.sandboxOutcome ?? 'live_card') as OutcomeName };
    }
    const outcome: Outcome = isPast(card.exp_month, card.exp_year, new Date())
      ? OUTCOMES.expired_card
      : (OUTCOMES[card.sandboxOutcome] ?? OUTCOMES.live_card);

    const eventId = sandboxId('evt');
    const created = String(Math.floor(Date.now() / 1000));
    const metadata: Record<string, string> = {
      ...intent.metadata,
      lastEventId: eventId,
      lastEventCreated: created,
      cardBrand: card.brand,
      cardLast4: card.last4,
    };
    if (intent.kind === 'invoice') metadata.periodEnd = String(await periodEndFor(tx, intent));

    let pmId: string | null = null;
    if (outcome.ok) {
      const save = input.savePaymentMethod ?? true;
      if (savedPm) {
        pmId = savedPm.providerPmId;
        if (save && savedPm.detachedAt) await attachSaved(tx, savedPm);
      } else if (save) {
        pmId = (await saveCard(tx, intent.customerId, card, true)).providerPmId;
      } else {
        pmId = sandboxId('pm');
      }
    }
    const updated = await repo.updateIntent(tx, intent.id, {
      status: outcome.ok ? 'succeeded' : 'requires_payment_method',
      providerPmId: pmId,
      lastErrorCode: outcome.ok ? null : outcome.declineCode,
      lastErrorMessage: outcome.ok ? null : outcome.message,
      metadata: outcome.ok ? metadata : { ...metadata, lastErrorStripeCode: outcome.code },
    });
    afterCommit(() => deliverSandboxEvent(ctx, intent.id));
    return { intent: updated, outcome };
  });
  if (!result.outcome.ok) {
    const o = result.outcome;
    throw new AppError(402, o.apiCode, o.message, { decline_code: o.declineCode });
  }
  return { status: 'succeeded' as const, paymentIntentId: result.intent.id, paymentId: result.intent.paymentId };
}

async function attachSaved(tx: DbOrTx, pm: PaymentMethodRow) {
  const hasDefault = await hasOtherDefault(tx, pm.customerId, 'sandbox', null);
  await updatePaymentMethod(tx, pm.id, { detachedAt: null, isDefault: !hasDefault });
}

/** Period end of an invoice: a new subscription runs a year; an update ends with the current period. */
async function periodEndFor(tx: DbOrTx, intent: repo.SandboxIntentRow): Promise<number> {
  if (intent.metadata.periodEnd) return Number(intent.metadata.periodEnd);
  const now = new Date();
  if (intent.metadata.billingReason === 'subscription_update' && intent.metadata.subscriptionId) {
    const end = await repo.subscriptionPeriodEnd(tx, intent.metadata.subscriptionId);
    if (end) return Math.floor(end.getTime() / 1000);
  }
  return Math.floor(addYears(now, 1).getTime() / 1000);
}

// ---------------------------------------------------------------------------------------------------------
// Events: Stripe-shaped, rebuilt from the intent row (so a re-delivery sends the very same event).

interface BuiltEvent {
  id: string;
  payload: string;
}

export async function buildSandboxEvent(db: DbOrTx, intentId: string): Promise<BuiltEvent | null> {
  const intent = await repo.findIntent(db, intentId);
  const m = intent?.metadata;
  if (!intent || !m?.lastEventId || !m.lastEventCreated) return null;
  const providerCustomerId = await repo.providerCustomerIdOf(db, intent.customerId);
  const ok = intent.status === 'succeeded';
  const created = Number(m.lastEventCreated);
  const meta = { paymentId: intent.paymentId, customerId: intent.customerId };
  const card = { brand: m.cardBrand ?? 'unknown', last4: m.cardLast4 ?? '', wallet: null };
  const paymentMethod = { id: intent.providerPmId ?? 'pm_unsaved', object: 'payment_method', type: 'card', card };
  const lastPaymentError = ok
    ? null
    : {
        type: 'card_error',
        code: m.lastErrorStripeCode ?? 'card_declined',
        decline_code: intent.lastErrorCode,
        message: intent.lastErrorMessage,
        payment_method: paymentMethod,
      };
  let type: string;
  let object: Record<string, unknown>;
  if (intent.kind === 'payment_intent') {
    type = ok ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
    object = {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amountCents,
      amount_received: ok ? intent.amountCents : 0,
      currency: intent.currency,
      customer: providerCustomerId,
      status: ok ? 'succeeded' : 'requires_payment_method',
      metadata: meta,
      payment_method: ok ? paymentMethod : null,
      last_payment_error: lastPaymentError,
      livemode: false,
      created: Math.floor(intent.createdAt.getTime() / 1000),
    };
  } else {
    type = ok ? 'invoice.paid' : 'invoice.payment_failed';
    object = invoiceObject({
      id: intent.id,
      customer: providerCustomerId,
      amountCents: intent.amountCents,
      currency: intent.currency,
      paid: ok,
      billingReason: m.billingReason ?? 'subscription_create',
      subscriptionId: m.subscriptionId ?? '',
      itemId: m.itemId ?? '',
      quantity: Number(m.quantity ?? m.qty ?? '1'),
      periodStart: created,
      periodEnd: Number(m.periodEnd ?? created),
      metadata: meta,
      created: Math.floor(intent.createdAt.getTime() / 1000),
      // Sandbox extensions: Stripe reports these on the invoice's PaymentIntent.
      paymentMethod: ok ? paymentMethod : null,
      lastPaymentError,
    });
  }
  return { id: m.lastEventId, payload: eventPayload(m.lastEventId, type, created, object) };
}

function eventPayload(id: string, type: string, created: number, object: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: null,
    created,
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

function invoiceObject(i: {
  id: string;
  customer: string | null;
  amountCents: number;
  currency: string;
  paid: boolean;
  billingReason: string;
  subscriptionId: string;
  itemId: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  metadata: Record<string, string>;
  created: number;
  paymentMethod: unknown;
  lastPaymentError: unknown;
}) {
  return {
    id: i.id,
    object: 'invoice',
    customer: i.customer,
    status: i.paid ? 'paid' : 'open',
    amount_due: i.amountCents,
    amount_paid: i.paid ? i.amountCents : 0,
    amount_remaining: i.paid ? 0 : i.amountCents,
    currency: i.currency,
    billing_reason: i.billingReason,
    /** Legacy (pre-2025) field, kept next to `parent.subscription_details.subscription`. */
    subscription: i.subscriptionId,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: i.subscriptionId, metadata: i.metadata },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_${i.id}`,
          object: 'line_item',
          amount: i.amountCents,
          quantity: i.quantity,
          subscription_item: i.itemId || null,
          period: { start: i.periodStart, end: i.periodEnd },
          metadata: i.metadata,
        },
      ],
    },
    metadata: i.metadata,
    period_end: i.periodEnd,
    livemode: false,
    created: i.created,
    payment_method: i.paymentMethod,
    last_payment_error: i.lastPaymentError,
  };
}

/** Signs, verifies (Stripe's constructEvent) and hands the event to the one handler. Throws on failure. */
export async function deliverSandboxEventOnce(ctx: AppContext, intentId: string) {
  const built = await buildSandboxEvent(ctx.db, intentId);
  if (!built) return;
  await deliverPayload(ctx, built.payload);
}

async function deliverPayload(ctx: AppContext, payload: string) {
  const provider = ctx.config.paymentProvider === 'sandbox' ? createPaymentProvider(ctx) : createSandboxProvider(ctx);
  const event = provider.verifyEvent(payload, signSandboxPayload(ctx, payload));
  await handleProviderEvent(ctx, provider, event);
}

/** Inline delivery after the confirm commits; on failure a job retries with backoff (and the sweep backs it up). */
async function deliverSandboxEvent(ctx: AppContext, intentId: string) {
  try {
    await deliverSandboxEventOnce(ctx, intentId);
  } catch (err) {
    ctx.logger.warn(
      { intentId, err: err instanceof Error ? err.message : String(err) },
      'sandbox event delivery failed',
    );
    await ctx.queue
      .send(SANDBOX_DELIVER_QUEUE, { intentId }, { retryLimit: 8, retryDelay: 5, retryBackoff: true })
      .catch((queueErr: unknown) =>
        ctx.logger.error(
          { intentId, err: queueErr instanceof Error ? queueErr.message : String(queueErr) },
          'sandbox event could not be queued; the sweep will re-deliver it',
        ),
      );
  }
}

/** Re-delivers outcomes whose event never got processed (crash between commit and delivery). */
export async function sweepSandboxEvents(ctx: AppContext) {
  for (const intentId of await repo.undeliveredIntentIds(ctx.db)) {
    try {
      await deliverSandboxEventOnce(ctx, intentId);
    } catch (err) {
      ctx.logger.warn(
        { intentId, err: err instanceof Error ? err.message : String(err) },
        'sandbox re-delivery failed',
      );
    }
  }
}

/**
 * Sandbox only: bills the next period of a subscription now (what Stripe does at the period end) and
 * delivers its `invoice.paid` (`billing_reason: subscription_cycle`) or `invoice.payment_failed` event.
 * For demos, staff tools and tests. Returns the event id.
 */
export async function renewSandboxSubscription(
  ctx: AppContext,
  subscriptionId: string,
  opts: { fail?: boolean } = {},
): Promise<string> {
  const row = await repo.sandboxSubscriptionWithPlan(ctx.db, subscriptionId);
  if (!row?.sub.providerSubscriptionId) throw notFound('No such sandbox subscription.');
  const { sub, plan } = row;
  const providerCustomerId = await repo.providerCustomerIdOf(ctx.db, sub.customerId);
  const method = await repo.defaultMethodOf(ctx.db, sub.customerId);
  const percentOff = sub.couponCode ? ((await findCoupon(ctx.db, sub.couponCode))?.percentOff ?? null) : null;
  const amount = totals(plan.amount, sub.quantity, percentOff).totalCents;
  const start = sub.currentPeriodEnd ?? new Date();
  const now = Math.floor(Date.now() / 1000);
  const invoiceId = sandboxId('in');
  const eventId = sandboxId('evt');
  const card = method?.card ? { brand: method.card.brand, last4: method.card.last4, wallet: null } : null;
  const paymentMethod = method ? { id: method.providerPmId, object: 'payment_method', type: 'card', card } : null;
  const object = invoiceObject({
    id: invoiceId,
    customer: providerCustomerId,
    amountCents: amount,
    currency: plan.currency,
    paid: !opts.fail,
    billingReason: 'subscription_cycle',
    subscriptionId: sub.providerSubscriptionId!,
    itemId: sub.providerItemId ?? '',
    quantity: sub.quantity,
    periodStart: Math.floor(start.getTime() / 1000),
    periodEnd: Math.floor(addYears(start, 1).getTime() / 1000),
    metadata: { customerId: sub.customerId },
    created: now,
    paymentMethod: opts.fail ? null : paymentMethod,
    lastPaymentError: opts.fail
      ? {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'card_declined',
          message: 'Your card was declined.',
          payment_method: paymentMethod,
        }
      : null,
  });
  const type = opts.fail ? 'invoice.payment_failed' : 'invoice.paid';
  await deliverPayload(ctx, eventPayload(eventId, type, now, object));
  return eventId;
}

/**
 * Sandbox only (tests, demos, staff tools): what Stripe sends when a payment's charge is refunded in its dashboard
 * (`charge.refunded`, the refund recorded on the intent so `amount_refunded` is the running total, as Stripe's) or
 * disputed (`charge.dispute.created`, `charge.dispute.closed` with `won`/`lost`), signed and delivered to the one
 * handler like every sandbox event. Answers the event id.
 */
export async function emitSandboxChargeEvent(
  ctx: AppContext,
  input: {
    paymentId: string;
    type: 'charge.refunded' | 'charge.dispute.created' | 'charge.dispute.closed';
    amountCents: number;
    disputeId?: string;
    disputeStatus?: 'needs_response' | 'won' | 'lost';
  },
): Promise<string> {
  const intent = await repo.findIntentOfPayment(ctx.db, input.paymentId);
  if (!intent) throw notFound('This payment has no sandbox intent.');
  const chargeId = `ch_${intent.id.slice(3)}`;
  let object: Record<string, unknown>;
  if (input.type === 'charge.refunded') {
    const recorded = await inTransaction(ctx.db, (tx) =>
      repo.recordIntentRefund(tx, intent.id, `dashboard:${sandboxId('re')}`, input.amountCents),
    );
    object = {
      id: chargeId,
      object: 'charge',
      amount: intent.amountCents,
      amount_refunded: recorded ? repo.refundedCentsOf(recorded.intent) : input.amountCents,
      refunded: true,
      currency: intent.currency,
      payment_intent: intent.kind === 'payment_intent' ? intent.id : null,
      invoice: intent.kind === 'invoice' ? intent.id : null,
      metadata: { paymentId: intent.paymentId, customerId: intent.customerId },
      livemode: false,
      created: Math.floor(intent.createdAt.getTime() / 1000),
    };
  } else {
    object = {
      id: input.disputeId ?? sandboxId('dp'),
      object: 'dispute',
      amount: input.amountCents,
      currency: intent.currency,
      charge: chargeId,
      payment_intent: intent.id,
      status: input.disputeStatus ?? (input.type === 'charge.dispute.created' ? 'needs_response' : 'lost'),
      reason: 'fraudulent',
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
  }
  const eventId = sandboxId('evt');
  await deliverPayload(ctx, eventPayload(eventId, input.type, Math.floor(Date.now() / 1000), object));
  return eventId;
}
