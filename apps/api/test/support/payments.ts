import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { captchaApi, paymentsApi, sandboxApi } from '@fleetdeck/contract';
import { call } from './call.ts';
import { newCustomer } from './factory.ts';
import type { TestRuntime } from './runtime.ts';

/** Solves the API's ALTCHA challenge as the widget does and returns the widget's payload (base64 JSON). */
export async function solvedCaptcha(rt: TestRuntime): Promise<string> {
  const { parameters, signature } = (await call(rt, captchaApi.challenge)).data();
  const challenge = { parameters, signature };
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The two checkout calls; both take an `Idempotency-Key` header. */
export type CheckoutEndpoint = typeof paymentsApi.purchase | typeof paymentsApi.updateSubscription;

/** A checkout call, with the `Idempotency-Key` header when `key` is given. */
export async function postWithKey(
  rt: TestRuntime,
  endpoint: CheckoutEndpoint,
  body: unknown,
  token: string,
  key?: string,
) {
  return call(rt, endpoint, { body, token, headers: key ? { 'idempotency-key': key } : {} });
}

/** A checkout with a fresh captcha; throws unless 200. */
export async function checkout(
  rt: TestRuntime,
  token: string,
  body: Record<string, unknown>,
  endpoint: CheckoutEndpoint = paymentsApi.purchase,
) {
  return (await postWithKey(rt, endpoint, { ...body, captcha: await solvedCaptcha(rt) }, token)).data().data;
}

export const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  ...extra,
});

/** The sandbox's confirm (what the card form does), with the client secret as the credential. */
export async function confirm(rt: TestRuntime, clientSecret: string, extra: Record<string, unknown> = {}) {
  return call(rt, sandboxApi.confirm, { body: { clientSecret, ...extra } });
}

/** `buyers` new customers send the same purchase at once, each with a solved captcha; answers their answers. */
export async function purchasesAtOnce(rt: TestRuntime, buyers: number, body: Record<string, unknown>) {
  const customers = await Promise.all(Array.from({ length: buyers }, () => newCustomer(rt)));
  const captchas = await Promise.all(customers.map(() => solvedCaptcha(rt)));
  return Promise.all(
    customers.map((c, i) =>
      call(rt, paymentsApi.purchase, { token: c.token, body: { ...body, captcha: captchas[i] } }),
    ),
  );
}

/** A checkout call with a fresh captcha and, when `key` is given, an `Idempotency-Key`: the answer as it comes. */
export async function checkoutCall(
  rt: TestRuntime,
  token: string,
  body: Record<string, unknown>,
  key?: string,
  endpoint: CheckoutEndpoint = paymentsApi.purchase,
) {
  return postWithKey(rt, endpoint, { ...body, captcha: await solvedCaptcha(rt) }, token, key);
}
