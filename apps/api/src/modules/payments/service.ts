import crypto from 'node:crypto';
import {
  PCHAT_MIN_QTY,
  PCHAT_MIN_QTY_MESSAGE,
  type CheckoutResponse,
  type PaymentHistoryRow,
  type PaymentMethodListResponse,
  type SavedPaymentMethod,
  type SubscriptionDetail,
} from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { verifyCaptcha } from '../captcha/service.ts';
import { centsToNumber, centsToNumeric, numericToNumber, toCents, totals, type Totals } from './money.ts';
import { creditNotesByPayment, paymentRecordOf } from '../invoices/service.ts';
import * as repo from './repository.ts';
import { createPaymentProvider } from './providers/index.ts';
import type { CheckoutIntent, PaymentProvider, ProviderCustomer, SubscriptionCreateInput } from './providers/types.ts';

/**
 * Checkout rules (spec 1 §5, §7; DECISIONS §5). Every amount is computed here, in integer cents, from the
 * plan's price, the quantity and a validated coupon; whatever the browser sends as an amount is ignored.
 * Seats are granted only by `events.ts`, on the provider's signed event.
 */

const COUPON_INVALID_MESSAGE = 'This coupon code is not valid.';
const COUPON_EXPIRED_MESSAGE = 'This coupon code has expired.';
const COUPON_DISABLED_MESSAGE = 'This coupon code is no longer active.';
const COUPON_USED_UP_MESSAGE = 'This coupon code has been used the maximum number of times.';
const IDEMPOTENCY_KEY_MAX = 255;

const planNotFound = () => new AppError(404, 'E_PLAN_NOT_FOUND', 'This plan does not exist.');

/** An Active plan by `_id` or identifier. */
async function activePlan(db: DbOrTx, priceId: string) {
  const plan = await repo.findPlan(db, priceId);
  if (!plan) throw planNotFound();
  if (plan.status !== 'Active') throw badRequest('E_PLAN_INACTIVE', 'This plan is no longer available.');
  return plan;
}

function assertQuantity(plan: repo.PlanRow, qty: number) {
  if (plan.family === 'PCHAT' && qty < PCHAT_MIN_QTY) throw badRequest('E_QTY_MINIMUM', PCHAT_MIN_QTY_MESSAGE);
  if (qty < 1) throw badRequest('E_QTY_MINIMUM', 'Please purchase at least 1 licence.');
}

/**
 * A coupon a buyer may use now on `plan` (DECISIONS §14 "Coupons"): unknown → E_COUPON_INVALID; disabled →
 * E_COUPON_INVALID "disabled"; a reseller's own coupon is not for their own purchases (issue 12, item 8) →
 * E_COUPON_INVALID; expired or used up → E_COUPON_EXPIRED, each with its reason; another plan's → E_COUPON_INVALID.
 */
async function usableCoupon(db: DbOrTx, code: string, buyerId: string, plan: repo.PlanRow) {
  const coupon = await repo.findCoupon(db, code);
  if (!coupon) throw badRequest('E_COUPON_INVALID', COUPON_INVALID_MESSAGE);
  if (!coupon.active) throw badRequest('E_COUPON_INVALID', COUPON_DISABLED_MESSAGE);
  if (coupon.resellerCustomerId === buyerId) {
    throw badRequest(
      'E_COUPON_INVALID',
      'Your reseller coupon is for your buyers: it cannot be used on your own account.',
    );
  }
  if (coupon.expiresAt !== null && coupon.expiresAt.getTime() <= Date.now()) {
    throw badRequest('E_COUPON_EXPIRED', COUPON_EXPIRED_MESSAGE);
  }
  if (coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions) {
    throw badRequest('E_COUPON_EXPIRED', COUPON_USED_UP_MESSAGE);
  }
  if (coupon.planIdentifiers?.length && !coupon.planIdentifiers.includes(plan.identifier)) {
    throw badRequest('E_COUPON_INVALID', `This coupon code is not valid for ${plan.name}.`);
  }
  return coupon;
}

/** coupon/apply tries per account: enough to correct a typo, too few to guess codes (issue 12, item 8). */
const COUPON_APPLY_RATE = { max: 20, windowSeconds: 600 };

export async function applyCoupon(
  ctx: AppContext,
  buyerId: string,
  input: { couponCode: string; priceId: string; qty: number },
) {
  await enforceLimit(
    ctx.db,
    `coupon-apply:${buyerId}`,
    COUPON_APPLY_RATE.max,
    COUPON_APPLY_RATE.windowSeconds,
    'Too many coupon checks. Please wait 10 minutes and try again.',
  );
  const plan = await activePlan(ctx.db, input.priceId);
  assertQuantity(plan, input.qty);
  const coupon = await usableCoupon(ctx.db, input.couponCode, buyerId, plan);
  const t = totals(plan.amount, input.qty, coupon.percentOff);
  return {
    couponCode: coupon.code,
    percentOff: Number(coupon.percentOff),
    discountAmount: centsToNumber(t.discountCents),
    subtotal: centsToNumber(t.subtotalCents),
    total: centsToNumber(t.totalCents),
  };
}

function providerCustomerOf(customer: repo.CustomerRow): ProviderCustomer {
  return {
    id: customer.id,
    email: customer.email,
    name: customer.name,
    providerCustomerId: customer.stripeCustomerId,
  };
}

function checkoutAnswer(provider: PaymentProvider, payment: repo.PaymentRow, intent: CheckoutIntent): CheckoutResponse {
  return {
    respones_msg: 'Payment created. Please confirm it with your card.',
    data: {
      clientSecret: intent.clientSecret,
      client_secret: intent.clientSecret,
      paymentId: payment.id,
      provider: provider.name,
      amount: numericToNumber(payment.totalAmount),
      currency: payment.currency,
      status: intent.status,
    },
  };
}

interface CheckoutRequest {
  customerId: string;
  idempotencyKey: string | undefined;
  captcha: string | null | undefined;
  /** What the request asks for, to tell a retry from a different request reusing its key. */
  priceId: string;
  qty: number;
  kind: 'purchase' | 'subscription_update';
}

/** The checkout a customer's request `body` of `kind` asks for. */
const checkoutRequest = (
  actor: CustomerActor,
  body: { priceId: string; qty: number; captcha?: string | null | undefined },
  idempotencyKey: string | undefined,
  kind: CheckoutRequest['kind'],
): CheckoutRequest => ({
  customerId: actor.id,
  idempotencyKey,
  captcha: body.captcha,
  priceId: body.priceId,
  qty: body.qty,
  kind,
});

function sameRequest(payment: repo.PaymentRow, req: CheckoutRequest) {
  const price = req.priceId.trim();
  const samePlan = payment.planId === price || payment.planIdentifier === price.toUpperCase();
  const sameKind = (payment.subscriptionReason === 'subscription_update') === (req.kind === 'subscription_update');
  return samePlan && sameKind && payment.qty === req.qty;
}

/** What the first step of a checkout prepared: the payment row and what its provider intent is made from. */
interface PreparedCheckout {
  customer: repo.CustomerRow;
  payment: repo.PaymentRow;
  plan: repo.PlanRow;
  extra: IntentExtra;
  /** A new payment row (not a retry of an earlier request): removed again when the provider refuses it. */
  created: boolean;
  /** The coupon whose redemption this checkout took (given back when the payment row is removed again). */
  couponTaken?: string;
}

interface IntentExtra {
  couponPercent: string | null;
  paymentMethodId: string | null;
  newQuantity: number | null;
}

/**
 * The shared frame of purchase and subscription update, in three steps so no database transaction stays open while
 * the payment provider is called (issue 12, item 7):
 * 1. one transaction: an advisory lock on (customer, key), the key checked BEFORE the captcha is consumed (a retry of
 *    the same request answers the same payment and client secret, without a new captcha), then the rules and the
 *    Pending payment row;
 * 2. no transaction: the provider's customer and intent, created idempotently per payment (a retry, or two requests
 *    racing with the same key, get the same intent);
 * 3. single statements: what the provider answered (its customer, price and coupon ids, the payment's reference).
 * When step 2 fails, a payment row this request created is removed again, as the one transaction did before.
 */
async function checkout(
  ctx: AppContext,
  req: CheckoutRequest,
  build: (tx: DbOrTx, provider: PaymentProvider, customer: repo.CustomerRow, key: string) => Promise<PreparedCheckout>,
): Promise<CheckoutResponse> {
  const key = req.idempotencyKey?.trim() || crypto.randomUUID();
  if (key.length > IDEMPOTENCY_KEY_MAX) {
    throw badRequest('E_VALIDATION', `Idempotency-Key: must be at most ${IDEMPOTENCY_KEY_MAX} characters`);
  }
  const provider = createPaymentProvider(ctx);
  const prepared = await inTransaction(ctx.db, async (tx): Promise<PreparedCheckout> => {
    await repo.lockCheckoutKey(tx, req.customerId, key);
    const customer = await repo.findCustomer(tx, req.customerId);
    if (!customer) throw notFound('Customer not found.');
    // An offline customer's licences are sold and changed by the vendor's staff (DECISIONS §8, §14).
    if (customer.isOfflineCustomer) {
      throw new AppError(
        403,
        'E_OFFLINE_CUSTOMER',
        `Your licences are managed by our team. Contact ${ctx.config.supportEmail} to change your licences.`,
      );
    }
    const existing = await repo.findPaymentByIdempotencyKey(tx, req.customerId, key);
    if (existing) {
      if (!sameRequest(existing, req)) {
        throw new AppError(409, 'E_CONFLICT', 'This Idempotency-Key was already used for a different payment.');
      }
      return replayOf(tx, customer, existing);
    }
    // Checks that use nothing up come first, so a wrong plan or quantity is named even before the captcha.
    assertQuantity(await activePlan(tx, req.priceId), req.qty);
    await verifyCaptcha(ctx, tx, req.captcha);
    return build(tx, provider, customer, key);
  });
  const { customer, payment, plan, extra } = prepared;
  let intent: CheckoutIntent;
  try {
    intent = await intentFor(ctx.db, provider, customer, payment, plan, extra);
  } catch (err) {
    if (prepared.created && (await repo.deleteUnstartedPayment(ctx.db, payment.id)) && prepared.couponTaken) {
      await repo.releaseCouponRedemption(ctx.db, prepared.couponTaken);
    }
    throw err;
  }
  if (prepared.created || !payment.providerRef) {
    await repo.updatePayment(ctx.db, payment.id, {
      providerRef: intent.providerRef,
      providerSubscriptionId: intent.providerSubscriptionId ?? payment.providerSubscriptionId ?? null,
    });
  }
  return checkoutAnswer(provider, payment, intent);
}

function baseInput(
  tx: DbOrTx,
  customer: repo.CustomerRow,
  providerCustomerId: string,
  payment: repo.PaymentRow,
  key: string,
) {
  return {
    tx,
    customer: { ...providerCustomerOf(customer), providerCustomerId },
    paymentId: payment.id,
    planIdentifier: payment.planIdentifier,
    qty: payment.qty,
    amountCents: toCents(payment.totalAmount),
    currency: payment.currency,
    description: `${payment.productName} × ${payment.qty}`,
    idempotencyKey: `payment:${payment.id}:${key}`,
  };
}

/** The provider's customer of ours: created at the provider when missing, and its id stored. */
export async function ensureProviderCustomer(
  tx: DbOrTx,
  provider: PaymentProvider,
  customer: ProviderCustomer,
): Promise<string> {
  const { id, created } = await provider.ensureCustomer(customer);
  return created ? repo.storeProviderCustomerId(tx, customer.id, id, customer.providerCustomerId) : id;
}

/** A new subscription at the provider; the price and coupon it created on the way are stored on our rows. */
export async function createSubscriptionIntent(
  tx: DbOrTx,
  provider: PaymentProvider,
  input: SubscriptionCreateInput,
): Promise<CheckoutIntent> {
  const intent = await provider.createSubscription(input);
  if (intent.created?.priceId) await repo.storePlanProviderPriceId(tx, input.plan.id, intent.created.priceId);
  if (intent.created?.couponId && input.coupon) {
    await repo.storeCouponProviderId(tx, input.coupon.code, intent.created.couponId);
  }
  return intent;
}

/** The provider's intent of a payment; `db` is the pool (no transaction open: issue 12, item 7). */
async function intentFor(
  tx: DbOrTx,
  provider: PaymentProvider,
  customer: repo.CustomerRow,
  payment: repo.PaymentRow,
  plan: repo.PlanRow,
  extra: IntentExtra,
): Promise<CheckoutIntent> {
  const providerCustomerId = await ensureProviderCustomer(tx, provider, providerCustomerOf(customer));
  const input = {
    ...baseInput(tx, customer, providerCustomerId, payment, payment.idempotencyKey ?? payment.id),
    paymentMethodId: extra.paymentMethodId,
  };
  if (payment.subscriptionReason === 'onetime') return provider.createOneTimePayment(input);
  if (payment.subscriptionReason === 'subscription_create') {
    return createSubscriptionIntent(tx, provider, {
      ...input,
      plan,
      unitAmountCents: toCents(payment.unitAmount),
      coupon:
        payment.couponCode && extra.couponPercent !== null
          ? {
              code: payment.couponCode,
              percentOff: Number(extra.couponPercent),
              providerCouponId: (await repo.findCoupon(tx, payment.couponCode))?.providerCouponId ?? null,
            }
          : null,
    });
  }
  const sub = await repo.findSubscription(tx, payment.customerId, payment.planId);
  if (!sub?.providerSubscriptionId) throw noSubscription();
  return provider.updateSubscriptionQuantity({
    ...input,
    providerSubscriptionId: sub.providerSubscriptionId,
    providerItemId: sub.providerItemId,
    newQuantity: extra.newQuantity ?? sub.quantity + payment.qty,
  });
}

const noSubscription = () =>
  badRequest('E_NO_SUBSCRIPTION', 'You have no active subscription of this plan. Please subscribe first.');

/** A retry: the same payment's intent again (the providers create intents idempotently per payment). */
async function replayOf(tx: DbOrTx, customer: repo.CustomerRow, payment: repo.PaymentRow): Promise<PreparedCheckout> {
  const plan = await repo.findPlanById(tx, payment.planId);
  const coupon = payment.couponCode ? await repo.findCoupon(tx, payment.couponCode) : null;
  return {
    customer,
    payment,
    plan,
    extra: { couponPercent: coupon?.percentOff ?? null, paymentMethodId: null, newQuantity: null },
    created: false,
  };
}

function paymentValues(
  customerId: string,
  plan: repo.PlanRow,
  provider: PaymentProvider,
  key: string,
  reason: string,
  qty: number,
  t: Totals,
  couponCode: string | null,
) {
  return {
    customerId,
    planId: plan.id,
    planIdentifier: plan.identifier,
    family: plan.family,
    productName: plan.name,
    subscriptionType: plan.type,
    subscriptionReason: reason,
    qty,
    unitAmount: centsToNumeric(t.unitCents),
    discountAmount: centsToNumeric(t.discountCents),
    totalAmount: centsToNumeric(t.totalCents),
    currency: plan.currency,
    couponCode,
    status: 'Pending' as const,
    provider: provider.name,
    idempotencyKey: key,
  };
}

/** `POST payments/purchase`: a one-time purchase or a new subscription. */
export async function purchase(
  ctx: AppContext,
  actor: CustomerActor,
  body: {
    priceId: string;
    qty: number;
    couponCode?: string | null | undefined;
    coupon_code?: string | null | undefined;
    captcha?: string | null | undefined;
  },
  idempotencyKey: string | undefined,
): Promise<CheckoutResponse> {
  return checkout(
    ctx,
    checkoutRequest(actor, body, idempotencyKey, 'purchase'),
    async (tx, provider, customer, key) => {
      const plan = await activePlan(tx, body.priceId);
      assertQuantity(plan, body.qty);
      const code = (body.couponCode || body.coupon_code || '').trim();
      const coupon = code ? await usableCoupon(tx, code, customer.id, plan) : null;
      if (plan.type === 'recurring') {
        const sub = await repo.findSubscription(tx, customer.id, plan.id);
        if (sub && (sub.status === 'active' || sub.status === 'past_due')) {
          throw new AppError(
            409,
            'E_CONFLICT',
            'You already have an active subscription of this plan. Please use Update subscription to add licences.',
            { isSubscriptionUpdate: 1 },
          );
        }
      }
      // The redemption is taken here, atomically, not when the payment succeeds (issue 12, item 8): the last one
      // goes to one checkout only.
      if (coupon && !(await repo.takeCouponRedemption(tx, coupon.code))) {
        throw badRequest('E_COUPON_EXPIRED', COUPON_USED_UP_MESSAGE);
      }
      const t = totals(plan.amount, body.qty, coupon?.percentOff ?? null);
      const reason = plan.type === 'recurring' ? 'subscription_create' : 'onetime';
      const payment = await repo.insertPayment(
        tx,
        paymentValues(customer.id, plan, provider, key, reason, body.qty, t, coupon?.code ?? null),
      );
      return {
        customer,
        payment,
        plan,
        extra: { couponPercent: coupon?.percentOff ?? null, paymentMethodId: null, newQuantity: null },
        created: true,
        ...(coupon ? { couponTaken: coupon.code } : {}),
      };
    },
  );
}

/**
 * `POST payments/subscription/update`: adds `qty` seats to the active subscription of a recurring plan.
 * Amount = unit × qty − the subscription's coupon. The sandbox charges this full amount now (no proration);
 * Stripe prorates. The default saved card is put on the intent (status `requires_confirmation`).
 */
export async function updateSubscription(
  ctx: AppContext,
  actor: CustomerActor,
  body: { priceId: string; qty: number; captcha?: string | null | undefined },
  idempotencyKey: string | undefined,
): Promise<CheckoutResponse> {
  return checkout(
    ctx,
    checkoutRequest(actor, body, idempotencyKey, 'subscription_update'),
    async (tx, provider, customer, key) => {
      const plan = await activePlan(tx, body.priceId);
      if (plan.type !== 'recurring') throw noSubscription();
      const sub = await repo.findSubscription(tx, customer.id, plan.id);
      if (!sub || sub.status !== 'active' || !sub.providerSubscriptionId) throw noSubscription();
      if (body.qty < 1) throw badRequest('E_QTY_MINIMUM', 'Please purchase at least 1 licence.');
      const coupon = sub.couponCode ? await repo.findCoupon(tx, sub.couponCode) : null;
      const percent = coupon?.active ? coupon.percentOff : null;
      const t = totals(plan.amount, body.qty, percent);
      const payment = await repo.insertPayment(
        tx,
        paymentValues(
          customer.id,
          plan,
          provider,
          key,
          'subscription_update',
          body.qty,
          t,
          percent ? sub.couponCode : null,
        ),
      );
      // The subscription's id is on the row before the provider is called.
      await repo.updatePayment(tx, payment.id, { providerSubscriptionId: sub.providerSubscriptionId });
      const pm = await repo.defaultPaymentMethod(tx, customer.id, provider.name);
      return {
        customer,
        payment: { ...payment, providerSubscriptionId: sub.providerSubscriptionId },
        plan,
        extra: {
          couponPercent: percent,
          paymentMethodId: pm?.providerPmId ?? null,
          newQuantity: sub.quantity + body.qty,
        },
        created: true,
      };
    },
  );
}

/** `GET payments/subscription?priceId=`: the customer's subscriptions (of one plan when given). */
export async function listSubscriptions(
  ctx: AppContext,
  customerId: string,
  priceId: string | undefined,
): Promise<SubscriptionDetail[]> {
  let planId: string | null = null;
  if (priceId) {
    const plan = await repo.findPlan(ctx.db, priceId);
    if (!plan) throw planNotFound();
    planId = plan.id;
  }
  const rows = await repo.listSubscriptions(ctx.db, customerId, planId);
  const methods = await repo.latestPaymentMethods(ctx.db, customerId);
  return rows.map(({ subscription: s, identifier }) => ({
    _id: s.id,
    priceId: identifier as SubscriptionDetail['priceId'],
    family: s.family as SubscriptionDetail['family'],
    quantity: s.quantity,
    status: s.status,
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    coupon: s.couponCode,
    paymentMethod: methods.get(s.planId) ?? null,
  }));
}

/** `GET payments/history`: one page of the customer's payments, newest first. */
export async function history(
  ctx: AppContext,
  customerId: string,
  query: { priceId?: string | undefined; page: number; limit: number },
) {
  let identifier: string | null = null;
  if (query.priceId) {
    const plan = await repo.findPlan(ctx.db, query.priceId);
    if (!plan) throw planNotFound();
    identifier = plan.identifier;
  }
  const { rows, total } = await repo.historyPage(ctx.db, customerId, identifier, query.page, query.limit);
  const notes = await creditNotesByPayment(
    ctx.db,
    rows.map((r) => r.payment.id),
  );
  const data: PaymentHistoryRow[] = rows.map(({ payment: p, planName }) => ({
    _id: p.id,
    productName: p.productName,
    paymentMethod: p.paymentMethod ?? null,
    subscriptionType: p.subscriptionType,
    subscriptionReason: p.subscriptionReason,
    qty: p.qty,
    priceId: {
      _id: p.planId,
      identifier: p.planIdentifier as PaymentHistoryRow['priceId']['identifier'],
      name: planName,
    },
    totalAmount: numericToNumber(p.totalAmount),
    currency: p.currency,
    coupon: p.couponCode,
    status: p.status,
    message: p.message,
    errorCode: p.errorCode,
    expiryAt: p.expiryAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
    ...paymentRecordOf(p, notes.get(p.id)),
  }));
  return { data, pagination: { page: query.page, limit: query.limit, total } };
}

// ---------------------------------------------------------------------------------------------------------
// Saved payment methods (`users/payment-method/*`)

export async function listPaymentMethods(
  ctx: AppContext,
  customerId: string,
): Promise<Omit<PaymentMethodListResponse, 'respones_msg'>> {
  const provider = createPaymentProvider(ctx);
  const rows = await repo.listPaymentMethods(ctx.db, customerId, provider.name);
  const data = rows.map(repo.toSavedPaymentMethod);
  return { data, defaultSource: data.find((pm) => pm.isDefault)?.id ?? null };
}

/**
 * The customer as the provider sees it (`attachMethod` and `makeDefaultMethod` create it there when missing). Every
 * payment-method call below reaches the provider with no database transaction open (issue 24, as checkout since
 * issue 12): the provider is called first, then our rows are written in a short transaction of their own.
 */
async function providerCustomer(db: Db, customerId: string): Promise<ProviderCustomer> {
  const row = await repo.findCustomer(db, customerId);
  if (!row) throw notFound('Customer not found.');
  return providerCustomerOf(row);
}

/** One of the customer's attached methods (404 for anyone else's, or one detached). */
async function ownMethod(db: Db, provider: PaymentProvider, customer: ProviderCustomer, pmId: string) {
  const pm = await repo.findPaymentMethod(db, provider.name, pmId);
  if (!pm || pm.customerId !== customer.id || pm.detachedAt) throw notFound('No such payment method.');
  return pm;
}

/**
 * Attaches a tokenised method at the provider and mirrors it in `payment_methods`; the customer's first method
 * becomes the default (at the provider too). `db` is the pool: no transaction is open while the provider is called.
 */
export async function attachMethod(
  db: Db,
  provider: PaymentProvider,
  customer: ProviderCustomer,
  pmId: string,
): Promise<SavedPaymentMethod> {
  // A new provider customer is recorded with the method, in its transaction: a refused method leaves our rows as
  // they were (the bad-input suite's victim check).
  const { id, created } = await provider.ensureCustomer(customer);
  const ready = { ...customer, providerCustomerId: id };
  const reported = await provider.attachPaymentMethod(db, ready, pmId);
  const row = await inTransaction(db, async (tx) => {
    if (created) await repo.storeProviderCustomerId(tx, customer.id, id, customer.providerCustomerId);
    return repo.mirrorPaymentMethod(tx, customer.id, provider.name, reported, { makeDefaultIfNone: true });
  });
  if (row.isDefault) await provider.setDefaultPaymentMethod(ready, pmId);
  return repo.toSavedPaymentMethod(row);
}

/** Makes one of the customer's attached methods the default (404 for anyone else's): the provider first, then us. */
export async function makeDefaultMethod(
  db: Db,
  provider: PaymentProvider,
  customer: ProviderCustomer,
  pmId: string,
): Promise<void> {
  await ownMethod(db, provider, customer, pmId);
  const ready = { ...customer, providerCustomerId: await ensureProviderCustomer(db, provider, customer) };
  await provider.setDefaultPaymentMethod(ready, pmId);
  await inTransaction(db, async (tx) => {
    // Checked again in the write's transaction: it may have been detached while the provider answered.
    const pm = await repo.findPaymentMethod(tx, provider.name, pmId);
    if (!pm || pm.customerId !== customer.id || pm.detachedAt) throw notFound('No such payment method.');
    await repo.makeDefaultPaymentMethod(tx, customer.id, provider.name, pm.id);
  });
}

export async function attachPaymentMethod(
  ctx: AppContext,
  actor: CustomerActor,
  pmId: string,
): Promise<SavedPaymentMethod> {
  const provider = createPaymentProvider(ctx);
  return attachMethod(ctx.db, provider, await providerCustomer(ctx.db, actor.id), pmId);
}

/**
 * Removes one of the customer's saved methods, at the provider too. The default method stays (the subscriptions
 * renew with it): another one must become the default first.
 */
export async function detachPaymentMethod(ctx: AppContext, actor: CustomerActor, pmId: string) {
  const provider = createPaymentProvider(ctx);
  const customer = await providerCustomer(ctx.db, actor.id);
  const pm = await ownMethod(ctx.db, provider, customer, pmId);
  if (pm.isDefault) {
    throw new AppError(409, 'E_CONFLICT', 'The default card cannot be removed: make another card the default first.');
  }
  await provider.detachPaymentMethod(customer, pmId);
  await repo.detachPaymentMethod(ctx.db, provider.name, pmId);
}

export async function setDefaultPaymentMethod(ctx: AppContext, actor: CustomerActor, pmId: string) {
  const provider = createPaymentProvider(ctx);
  await makeDefaultMethod(ctx.db, provider, await providerCustomer(ctx.db, actor.id), pmId);
}
