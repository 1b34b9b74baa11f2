import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { webhooksApi } from '@fleetdeck/contract';
import type { TestRuntime } from './runtime.ts';

/**
 * A local stand-in for the Stripe API (only what the `stripe` provider calls), for the official SDK pointed at it
 * with `STRIPE_API_BASE`. It parses Stripe's form encoding (`items[0][price]=…`), records every request with its
 * `Idempotency-Key`, replays the first answer of a key like Stripe does, and answers objects shaped like the
 * pinned API version's (subscription → `latest_invoice.confirmation_secret`, items with periods). Refunds: PaymentIntents
 * (one-time, and the one each invoice makes) remember their amount, `POST /v1/refunds` refuses more than remains, and
 * `GET /v1/invoice_payments` answers the PaymentIntent of an invoice (and the invoice of a PaymentIntent). Coupons
 * change only their name and metadata, and can be deleted; prices change only `active` and metadata (archiving); a
 * subscription item moves to another price without proration. Payment methods attach and detach.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
}

type Json = Record<string, unknown>;

interface Failure {
  status: number;
  error: Json;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const YEAR = 365 * 86_400;

/** `a[b][0][c]=x` → { a: { b: [ { c: 'x' } ] } } */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  const arrays = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    const converted = Object.fromEntries(keys.map((k) => [k, arrays(obj[k])]));
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k))
      ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k])
      : converted;
  };
  return arrays(root) as Record<string, unknown>;
}

export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, { status: number; body: Json }>();
  const failures: { method: string; pattern: RegExp; failure: Failure }[] = [];
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  /** PaymentIntents by id: amount and what was refunded of it. */
  const paymentIntents = new Map<string, { amount: number; refunded: number; invoice: string | null }>();
  const refunds = new Map<string, Json>();

  const invoiceFor = (
    sub: Json,
    reason: string,
    amountDue: number,
    quantity: number,
    opts: { paid?: boolean } = {},
  ): Json => {
    const invId = id('in');
    const piId = id('pi');
    const item = ((sub.items as Json).data as Json[])[0]!;
    const invoice: Json = {
      id: invId,
      object: 'invoice',
      customer: sub.customer,
      billing_reason: reason,
      status: opts.paid ? 'paid' : 'open',
      amount_due: amountDue,
      amount_paid: opts.paid ? amountDue : 0,
      currency: 'eur',
      created: now(),
      metadata: {},
      confirmation_secret: opts.paid
        ? null
        : { client_secret: `${piId}_secret_${crypto.randomBytes(8).toString('hex')}`, type: 'payment_intent' },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount: amountDue,
            quantity,
            period: { start: item.current_period_start, end: item.current_period_end },
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: { subscription: sub.id, subscription_item: item.id },
            },
          },
        ],
        has_more: false,
      },
    };
    invoices.set(invId, invoice);
    paymentIntents.set(piId, { amount: amountDue, refunded: 0, invoice: invId });
    return invoice;
  };

  const expandInvoice = (sub: Json, expand: unknown) => {
    const list = Array.isArray(expand) ? (expand as string[]) : [];
    const wanted = list.some((e) => e.startsWith('latest_invoice'));
    const invoice = invoices.get(sub.latest_invoice as string);
    return wanted && invoice ? { ...sub, latest_invoice: invoice } : sub;
  };

  const unitAmountOf = (priceId: string) => Number((prices.get(priceId)?.unit_amount as string | number) ?? 0);

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    const notFound = (what: string, param: string) => ({
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${what}` },
      },
    });
    let m: RegExpExecArray | null;

    if (method === 'POST' && path === '/v1/customers') {
      const c: Json = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        invoice_settings: { default_payment_method: null },
        created: now(),
      };
      customers.set(c.id as string, c);
      return { status: 200, body: c };
    }
    if (method === 'POST' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const c = customers.get(m[1]!);
      if (!c) return notFound(`customer: '${m[1]}'`, 'id');
      const settings = body.invoice_settings as Json | undefined;
      if (settings?.default_payment_method !== undefined) {
        c.invoice_settings = { default_payment_method: settings.default_payment_method || null };
      }
      return { status: 200, body: c };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const piId = id('pi');
      paymentIntents.set(piId, { amount: Number(body.amount), refunded: 0, invoice: null });
      return {
        status: 200,
        body: {
          id: piId,
          object: 'payment_intent',
          amount: Number(body.amount),
          currency: body.currency,
          customer: body.customer ?? null,
          description: body.description ?? null,
          metadata: body.metadata ?? {},
          payment_method: body.payment_method ?? null,
          setup_future_usage: body.setup_future_usage ?? null,
          status: body.payment_method ? 'requires_confirmation' : 'requires_payment_method',
          client_secret: `${piId}_secret_${crypto.randomBytes(8).toString('hex')}`,
          created: now(),
          livemode: false,
        },
      };
    }
    if (method === 'POST' && path === '/v1/prices') {
      const p: Json = {
        id: id('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: body.recurring ?? null,
        product: id('prod'),
        metadata: body.metadata ?? {},
        type: body.recurring ? 'recurring' : 'one_time',
      };
      prices.set(p.id as string, p);
      return { status: 200, body: p };
    }
    if (method === 'POST' && (m = /^\/v1\/prices\/([^/]+)$/.exec(path))) {
      // Stripe prices are immutable but for `active`, `metadata` and a few labels: archiving sets `active: false`.
      const p = prices.get(m[1]!);
      if (!p) return notFound(`price: '${m[1]}'`, 'price');
      if (body.unit_amount !== undefined || body.currency !== undefined) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Received unknown parameter: unit_amount' } },
        };
      }
      if (body.active !== undefined) p.active = body.active === 'true';
      if (body.metadata) p.metadata = { ...(p.metadata as Json), ...(body.metadata as Json) };
      return { status: 200, body: p };
    }
    if (method === 'GET' && path === '/v1/prices') {
      // One page is enough for the catalogue (staff price sync); `active` filters as Stripe does.
      const data = [...prices.values()].filter((p) => body.active === undefined || String(p.active) === body.active);
      return { status: 200, body: { object: 'list', url: '/v1/prices', has_more: false, data } };
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const coupon: Json = {
        id: id('co'),
        object: 'coupon',
        percent_off: Number(body.percent_off),
        duration: body.duration,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        valid: true,
      };
      coupons.set(coupon.id as string, coupon);
      return { status: 200, body: coupon };
    }
    if ((m = /^\/v1\/coupons\/([^/]+)$/.exec(path))) {
      const coupon = coupons.get(m[1]!);
      if (!coupon) return notFound(`coupon: '${m[1]}'`, 'coupon');
      if (method === 'DELETE') {
        coupons.delete(m[1]!);
        return { status: 200, body: { id: coupon.id, object: 'coupon', deleted: true } };
      }
      if (method === 'POST') {
        // Only `name` and `metadata` of a coupon can change at Stripe.
        const fixed = ['percent_off', 'amount_off', 'duration', 'max_redemptions', 'redeem_by'].find((k) => k in body);
        if (fixed) {
          return {
            status: 400,
            body: { error: { type: 'invalid_request_error', message: `Received unknown parameter: ${fixed}` } },
          };
        }
        if (body.name !== undefined) coupon.name = body.name;
        if (body.metadata) coupon.metadata = { ...(coupon.metadata as Json), ...(body.metadata as Json) };
        return { status: 200, body: coupon };
      }
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = body.customer as string;
      if (!customers.has(customer)) return notFound(`customer: '${customer}'`, 'customer');
      const items = (body.items as Json[]) ?? [];
      const first = items[0]!;
      if (!prices.has(first.price as string)) return notFound(`price: '${String(first.price)}'`, 'items[0][price]');
      const quantity = Number(first.quantity ?? 1);
      const start = now();
      const sub: Json = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: 'incomplete',
        metadata: body.metadata ?? {},
        discounts: body.discounts ?? [],
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price: prices.get(first.price as string),
              quantity,
              current_period_start: start,
              current_period_end: start + YEAR,
            },
          ],
        },
        pending_update: null,
      };
      const discount = Array.isArray(body.discounts) ? (body.discounts[0] as Json | undefined) : undefined;
      if (discount && !coupons.has(discount.coupon as string)) {
        return notFound(`coupon: '${String(discount.coupon)}'`, 'discounts[0][coupon]');
      }
      const percent = discount ? Number(coupons.get(discount.coupon as string)!.percent_off) : 0;
      const gross = unitAmountOf(first.price as string) * quantity;
      const invoice = invoiceFor(sub, 'subscription_create', Math.round(gross * (1 - percent / 100)), quantity);
      sub.latest_invoice = invoice.id;
      subscriptions.set(sub.id as string, sub);
      return { status: 200, body: expandInvoice(sub, body.expand) };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return notFound(`subscription: '${m[1]}'`, 'id');
      if (method === 'GET') return { status: 200, body: sub };
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceled_at = now();
        return { status: 200, body: sub };
      }
      if (method === 'POST' && body.proration_behavior === 'none') {
        // A quantity change without proration: no invoice, the new quantity applies at once.
        const item = ((sub.items as Json).data as Json[])[0]!;
        const wanted = (body.items as Json[] | undefined)?.[0];
        if (wanted && wanted.id !== item.id)
          return notFound(`subscription item: '${String(wanted.id)}'`, 'items[0][id]');
        if (wanted?.quantity !== undefined) item.quantity = Number(wanted.quantity);
        if (wanted?.price !== undefined) {
          // A move to another price (e.g. after a price change): no invoice now, the next period bills it.
          if (!prices.has(wanted.price as string)) {
            return notFound(`price: '${String(wanted.price)}'`, 'items[0][price]');
          }
          item.price = prices.get(wanted.price as string);
        }
        return { status: 200, body: sub };
      }
      if (method === 'POST') {
        const item = ((sub.items as Json).data as Json[])[0]!;
        const wanted = (body.items as Json[] | undefined)?.[0];
        if (wanted && wanted.id !== item.id)
          return notFound(`subscription item: '${String(wanted.id)}'`, 'items[0][id]');
        const newQuantity = Number(wanted?.quantity ?? item.quantity);
        const added = newQuantity - Number(item.quantity);
        const invoice = invoiceFor(
          sub,
          'subscription_update',
          Math.max(0, added) * unitAmountOf((item.price as Json).id as string),
          newQuantity,
        );
        sub.latest_invoice = invoice.id;
        sub.pending_update =
          body.payment_behavior === 'pending_if_incomplete'
            ? { subscription_items: [{ id: item.id, quantity: newQuantity }], metadata: body.metadata ?? null }
            : null;
        if (body.payment_behavior !== 'pending_if_incomplete') item.quantity = newQuantity;
        return { status: 200, body: expandInvoice(sub, body.expand) };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const piId = body.payment_intent as string | undefined;
      const pi = piId ? paymentIntents.get(piId) : undefined;
      if (!piId || !pi) return notFound(`payment_intent: '${String(piId)}'`, 'payment_intent');
      const amount = body.amount === undefined ? pi.amount - pi.refunded : Number(body.amount);
      if (amount <= 0 || pi.refunded + amount > pi.amount) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              param: 'amount',
              message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${pi.amount - pi.refunded})`,
            },
          },
        };
      }
      pi.refunded += amount;
      const refund: Json = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: 'eur',
        payment_intent: piId,
        charge: `ch_${piId.slice(3)}`,
        metadata: body.metadata ?? {},
        reason: body.reason ?? null,
        status: 'succeeded',
        created: now(),
      };
      refunds.set(refund.id as string, refund);
      return { status: 200, body: refund };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const wantedInvoice = body.invoice as string | undefined;
      const wantedPi = (body.payment as Json | undefined)?.payment_intent as string | undefined;
      const data = [...paymentIntents.entries()]
        .filter(([piId, pi]) => pi.invoice && (wantedInvoice ? pi.invoice === wantedInvoice : piId === wantedPi))
        .map(([piId, pi]) => ({
          id: id('inpay'),
          object: 'invoice_payment',
          invoice: pi.invoice,
          amount_paid: pi.amount,
          payment: { type: 'payment_intent', payment_intent: piId },
          status: 'paid',
        }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) {
      const pmId = m[1]!;
      if (!pmId.startsWith('pm_')) return notFound(`PaymentMethod: '${pmId}'`, 'payment_method');
      if (!customers.has(body.customer as string)) return notFound(`customer: '${String(body.customer)}'`, 'customer');
      const pm: Json = paymentMethods.get(pmId) ?? {
        id: pmId,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', country: 'DE', exp_month: 12, exp_year: 2034, last4: '4242', funding: 'credit' },
        created: now(),
      };
      pm.customer = body.customer;
      paymentMethods.set(pmId, pm);
      return { status: 200, body: pm };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) return notFound(`PaymentMethod: '${m[1]!}'`, 'payment_method');
      pm.customer = null;
      return { status: 200, body: pm };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  /** Runs before each request is answered, while the caller waits for Stripe (e.g. to look at the database). */
  let probe: ((request: RecordedRequest) => Promise<void>) | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => {
        const v = req.headers[name];
        return (Array.isArray(v) ? v[0] : v) ?? null;
      };
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        body: parseStripeForm(text),
        idempotencyKey: header('idempotency-key'),
        authorization: header('authorization'),
        stripeVersion: header('stripe-version'),
      };
      requests.push(record);
      if (probe) await probe(record);
      const send = (status: number, body: Json) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      if (record.authorization !== 'Bearer sk_test_x') {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const failureIndex = failures.findIndex((f) => f.method === record.method && f.pattern.test(record.path));
      if (failureIndex >= 0) {
        const { failure } = failures.splice(failureIndex, 1)[0]!;
        send(failure.status, { error: failure.error });
        return;
      }
      const replayKey = record.idempotencyKey ? `${record.method} ${record.path} ${record.idempotencyKey}` : null;
      const cached = replayKey ? replies.get(replayKey) : undefined;
      if (cached) {
        res.setHeader('idempotent-replayed', 'true');
        send(cached.status, cached.body);
        return;
      }
      const answer = route(record.method, record.path, record.body);
      if (replayKey && answer.status < 500) replies.set(replayKey, answer);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    subscriptions,
    invoices,
    coupons,
    paymentIntents,
    refunds,
    prices,
    /** The PaymentIntent that pays an invoice (each invoice makes one). */
    paymentIntentOfInvoice(invoiceId: string) {
      return [...paymentIntents.entries()].find(([, pi]) => pi.invoice === invoiceId)?.[0] ?? null;
    },
    /** Requests to `path` (exact string or pattern), oldest first. */
    calls(method: string, path: string | RegExp) {
      return requests.filter(
        (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      );
    },
    /** The next request matching answers this Stripe error instead. */
    failNext(method: string, pattern: RegExp, status: number, error: Json) {
      failures.push({ method, pattern, failure: { status, error } });
    },
    /** Calls `fn` with every request before answering it (null: stop). */
    onRequest(fn: ((request: RecordedRequest) => Promise<void>) | null) {
      probe = fn;
    },
    reset() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export const STRIPE_TEST_ENV = (fakeUrl: string) => ({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_test',
  STRIPE_API_BASE: fakeUrl,
});

/** Posts `payload` to the Stripe webhook as Stripe does: the exact bytes, signed with the test endpoint's secret. */
export function postStripeWebhook(rt: Pick<TestRuntime, 'app'>, payload: string) {
  return rt.app.inject({
    method: 'POST',
    url: webhooksApi.stripe.path,
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_TEST_ENV('').STRIPE_WEBHOOK_SECRET,
      }),
    },
  });
}
