import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaChallenge, CheckoutResponse } from '@fleetdeck/contract';
import { get, jsonOf, post } from './helpers.ts';
import type { TestRuntime } from './runtime.ts';

/** Solves the API's ALTCHA challenge as the widget does and returns the widget's payload (base64 JSON). */
export async function solvedCaptcha(rt: TestRuntime): Promise<string> {
  const res = await get(rt, '/api/v1/captcha/challenge');
  if (res.statusCode !== 200) throw new Error(`challenge failed: ${res.body}`);
  const { parameters, signature } = jsonOf<CaptchaChallenge>(res);
  const challenge = { parameters, signature };
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function postWithKey(rt: TestRuntime, url: string, payload: unknown, token: string, key?: string) {
  return rt.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export const PURCHASE = '/api/v1/admin/payments/purchase';
export const SUB_UPDATE = '/api/v1/admin/payments/subscription/update';
export const CONFIRM = '/api/v1/sandbox/confirm';

/** Purchase with a fresh captcha; throws unless 200. */
export async function checkout(rt: TestRuntime, token: string, body: Record<string, unknown>, url = PURCHASE) {
  const res = await postWithKey(rt, url, { ...body, captcha: await solvedCaptcha(rt) }, token);
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return jsonOf<CheckoutResponse>(res).data;
}

export const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  ...extra,
});

export async function confirm(rt: TestRuntime, clientSecret: string, extra: Record<string, unknown> = {}) {
  return post(rt, CONFIRM, { clientSecret, ...extra });
}
