import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/support/runtime.ts';
import { lockedOutError } from '../db/account-lockout.ts';
import { AppError } from './errors.ts';
import { enforceAddressLimit } from './rate-limit.ts';

/** Issue 23: the refusals the sign-in calls of both realms share keep their words, codes and `retry-after`. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const refusalOf = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('enforceAddressLimit', () => {
  it('counts under `<call>:ip:<address>` and past `max` answers 429 saying what was counted and when to come back', async () => {
    const short = { max: 2, windowSeconds: 900, counted: 'code attempts' };
    await enforceAddressLimit(rt.ctx.db, '203.0.113.7', 'i23-short', short);
    await enforceAddressLimit(rt.ctx.db, '203.0.113.7', 'i23-short', short);
    const refused = await refusalOf(enforceAddressLimit(rt.ctx.db, '203.0.113.7', 'i23-short', short));
    expect(refused.statusCode).toBe(429);
    expect(refused.code).toBe('E_RATE_LIMITED');
    expect(refused.message).toBe('Too many code attempts from your network. Please wait 15 minutes and try again.');
    // Another address has its own count.
    await enforceAddressLimit(rt.ctx.db, '203.0.113.8', 'i23-short', short);

    const hourly = { max: 1, windowSeconds: 3600, counted: 'registrations' };
    await enforceAddressLimit(rt.ctx.db, '203.0.113.7', 'i23-hourly', hourly);
    const later = await refusalOf(enforceAddressLimit(rt.ctx.db, '203.0.113.7', 'i23-hourly', hourly));
    expect(later.message).toBe('Too many registrations from your network. Please try again later.');

    const { rows } = await rt.ctx.pool.query<{ key: string }>(
      "select key from rate_limit_counters where key like 'i23-%' order by key",
    );
    expect(rows.map((r) => r.key)).toEqual([
      'i23-hourly:ip:203.0.113.7',
      'i23-short:ip:203.0.113.7',
      'i23-short:ip:203.0.113.8',
    ]);
  });
});

describe('lockedOutError', () => {
  it('says the minutes left (at least one, singular for one) with the realm advice, as a 429 with retry-after', () => {
    const inOne = lockedOutError(new Date(Date.now() + 30_000));
    expect(inOne.statusCode).toBe(429);
    expect(inOne.code).toBe('E_ACCOUNT_LOCKED');
    expect(inOne.message).toBe('Too many failed login attempts. Please try again in 1 minute.');
    expect(Number(inOne.headers['retry-after'])).toBeGreaterThanOrEqual(29);

    const customer = lockedOutError(new Date(Date.now() + 14 * 60_000 + 1_000), ' or reset your password');
    expect(customer.message).toBe(
      'Too many failed login attempts. Please try again in 15 minutes or reset your password.',
    );
    expect(Number(customer.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });
});
