import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usersApi } from '@fleetdeck/contract';
import { ConfigError, loadConfig } from '../src/config.ts';
import { PASSWORD_HASH_COST, hashPassword, setPasswordHashCost, verifyPassword } from '../src/lib/crypto.ts';
import { call } from './support/call.ts';
import { newCustomer, randomIp } from './support/factory.ts';
import { startTestRuntime, TEST_PASSWORD_HASH_COST, type TestRuntime } from './support/runtime.ts';

/**
 * The knobs only a test run may turn (config.ts, refused unless NODE_ENV=test): the test runtimes hash passwords with
 * scrypt N = 2^10 (TEST_PASSWORD_HASH_COST); TEST_JOB_POLL_SECONDS (the sweeps' polling) they leave at the product's.
 * The product's values are proved here: N = 2^15, r = 8, p = 1, and pg-boss's own polling, whatever the test runs use.
 */
const BASE_ENV = { DATABASE_URL: 'postgres://localhost/x', PUBLIC_URL: 'http://localhost:3000' };

describe("the product's password hash cost", () => {
  it('is scrypt N = 2^15 without the test knob, and a hash made at that cost verifies', async () => {
    expect(PASSWORD_HASH_COST).toBe(15);
    expect(loadConfig(BASE_ENV).passwordHashCost).toBe(15);
    setPasswordHashCost(loadConfig(BASE_ENV).passwordHashCost);
    try {
      const hash = await hashPassword('Glacier-Orbit-4417');
      expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(await verifyPassword('Glacier-Orbit-4417', hash)).toBe(true);
      expect(await verifyPassword('Glacier-Orbit-4418', hash)).toBe(false);
    } finally {
      setPasswordHashCost(TEST_PASSWORD_HASH_COST);
    }
  });
});

describe('the test knobs', () => {
  it('are refused outside a test run and out of range; unset, the product keeps pg-boss polling', () => {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => loadConfig({ ...BASE_ENV, TEST_PASSWORD_HASH_COST: '10' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...BASE_ENV, TEST_PASSWORD_HASH_COST: '10' })).toThrow(/test runs only/);
      expect(() => loadConfig({ ...BASE_ENV, TEST_JOB_POLL_SECONDS: '0.5' })).toThrow(/test runs only/);
      expect(loadConfig(BASE_ENV)).toMatchObject({ passwordHashCost: 15, jobPollSeconds: null });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    expect(loadConfig({ ...BASE_ENV, TEST_PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(loadConfig({ ...BASE_ENV, TEST_JOB_POLL_SECONDS: '0.5' }).jobPollSeconds).toBe(0.5);
    expect(() => loadConfig({ ...BASE_ENV, TEST_PASSWORD_HASH_COST: '9' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...BASE_ENV, TEST_PASSWORD_HASH_COST: '16' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...BASE_ENV, TEST_JOB_POLL_SECONDS: '0.1' })).toThrow(ConfigError);
  });
});

describe('a test runtime', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime(inject('pgAdminUrl'));
  });
  afterAll(async () => rt?.close());

  it('hashes at the test cost, and a password hashed at the product cost still logs in', async () => {
    const c = await newCustomer(rt);
    expect(await hashPassword(c.password)).toMatch(new RegExp(`^scrypt\\$${2 ** TEST_PASSWORD_HASH_COST}\\$8\\$1\\$`));
    // A hash keeps its own cost: one stored at 2^15 (as production wrote it) verifies under the test cost.
    setPasswordHashCost(PASSWORD_HASH_COST);
    const productHash = await hashPassword('Another-Pass-123').finally(() =>
      setPasswordHashCost(TEST_PASSWORD_HASH_COST),
    );
    await rt.ctx.pool.query('update customers set password_hash = $1 where id = $2', [productHash, c.id]);
    const login = await call(rt, usersApi.login, {
      body: { email: c.email, password: 'Another-Pass-123', userAgent: 'vitest' },
      ip: randomIp(),
    });
    expect(login.statusCode).toBe(200);
  });
});
