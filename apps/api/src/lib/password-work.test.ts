import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chatApi, usersApi } from '@fleetdeck/contract';
import { AppError } from './errors.ts';
import { MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES, hashPassword, passwordWork } from './crypto.ts';
import { startTestRuntime, type TestRuntime } from '../../test/support/runtime.ts';
import { call } from '../../test/support/call.ts';
import { newCustomer, randomIp } from '../../test/support/factory.ts';

/** Issue 12, item 6: password hashing is not a denial of service (check first, hash last; a bound on hashes). */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const NEW = 'Brand-New-Pass-77';

describe('check first, hash last (issue 12, item 6)', () => {
  it('reset-password with a forged link does no hashing', async () => {
    const before = passwordWork.runs;
    const res = await call(rt, usersApi.resetPassword, {
      body: { password: NEW, confirm_password: NEW, iv: 'AAAAAAAAAAAAAAAA', encryptedData: 'forged-data' },
      ip: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.error().code).toBe('E_LINK_INVALID');
    expect(passwordWork.runs).toBe(before);
  });

  it('chat-user create without a free Power Chat seat does no hashing and says nothing about the user id', async () => {
    const c = await newCustomer(rt);
    const before = passwordWork.runs;
    const res = await call(rt, chatApi.create, {
      token: c.token,
      body: { name: 'Ann', password: NEW, user_id: 'ann-chat-1' },
    });
    expect(res.statusCode).toBe(402);
    expect(passwordWork.runs).toBe(before);
  });

  it('change-password checks the cheap rules before the old password, and wrong old passwords lock like logins', async () => {
    const c = await newCustomer(rt);
    const mismatch = await call(rt, usersApi.changePassword, {
      token: c.token,
      body: { old_password: 'whatever-it-is', new_password: NEW, confirm_password: `${NEW}x` },
    });
    expect(mismatch.error().code).toBe('E_PASSWORD_MISMATCH');
    const codes: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await call(rt, usersApi.changePassword, {
        token: c.token,
        body: { old_password: `Not-the-password-${i}`, new_password: NEW, confirm_password: NEW },
      });
      codes.push(res.error().code!);
    }
    expect(codes.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 'E_WRONG_PASSWORD'));
    expect(codes[10]).toBe('E_ACCOUNT_LOCKED');
    // The lock is the account's from that address (DECISIONS §4, issue 24): the right password does not log in from
    // there either now; from another address it does.
    const login = await call(rt, usersApi.login, { body: { email: c.email, password: c.password } });
    expect(login.statusCode).toBe(429);
    const elsewhere = await call(rt, usersApi.login, {
      body: { email: c.email, password: c.password },
      ip: randomIp(),
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe('a process-wide bound on concurrent hashes (issue 12, item 6)', () => {
  it(`runs at most ${MAX_CONCURRENT_HASHES} at once and refuses beyond ${MAX_WAITING_HASHES} waiting with 503`, async () => {
    passwordWork.peak = 0;
    const results = await Promise.allSettled(
      Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES + 10 }, () => hashPassword('Some-password-1')),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(passwordWork.peak).toBe(MAX_CONCURRENT_HASHES);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      const err = (r as PromiseRejectedResult).reason as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err.statusCode).toBe(503);
    }
    expect(passwordWork.running).toBe(0);
  }, 120_000);
});
