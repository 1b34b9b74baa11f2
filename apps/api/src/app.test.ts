import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as contract from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, startupWarnings } from './config.ts';
import { startTestRuntime, type TestRuntime } from '../test/support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

describe('HTTP surface', () => {
  it('answers health and readiness', async () => {
    expect((await rt.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await rt.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await rt.app.inject('/api/v1/admin/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ respones_msg: 'No API route GET /api/v1/admin/no-such-thing.', code: 'E_NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const res = await rt.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['content-security-policy']).not.toContain('stripe.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets Stripe.js load only when Stripe is the payment provider', async () => {
    const config = loadConfig({
      DATABASE_URL: rt.databaseUrl,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_csp',
      STRIPE_WEBHOOK_SECRET: 'whsec_csp',
    });
    const app = await buildApp({ ...rt.ctx, config }, { serveWeb: false });
    try {
      const csp = (await app.inject('/healthz')).headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self' https://js.stripe.com;");
      expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
      expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    } finally {
      await app.close();
    }
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const doc = (await rt.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/users/register',
        '/api/v1/admin/users/login',
        '/api/v1/admin/users/verify-otp',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/v1/admin/users/register']?.post?.requestBody)).toContain('country_code');
    expect((await rt.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('documents security on every guarded route, none on public ones, and a tag on every route', async () => {
    const doc = (await rt.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
    }>();
    const users = doc.paths;
    expect(users['/api/v1/admin/users/detail']?.get?.security).toEqual([{ token: [] }]);
    expect(users['/api/v1/admin/users/change-password']?.post?.security).toEqual([{ token: [] }]);
    // Public calls say so (`security: []`, issue 28): generators and linters read a missing one as undocumented.
    expect(users['/api/v1/admin/users/login']?.post?.security).toEqual([]);
    expect(users['/api/v1/admin/users/enrolment-token/rotate']?.post?.tags).toEqual(['Customer devices']);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
    }
    // The guard runs for the guarded routes of an area and not for its public ones.
    expect((await rt.app.inject('/api/v1/admin/users/detail')).statusCode).toBe(401);
    const login = await rt.app.inject({ method: 'POST', url: '/api/v1/admin/users/login', payload: {} });
    expect(login.statusCode).toBe(400);
  });

  it('serves every endpoint of the contract (a call added to the table without its route fails here)', () => {
    const tables = Object.entries(contract).filter(([name]) => name.endsWith('Api'));
    type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };
    const isCall = (v: unknown): v is Call =>
      typeof (v as Call | null)?.method === 'string' && typeof (v as Call | null)?.path === 'string';
    const endpoints = [...tables.flatMap(([, table]) => Object.values(table)), ...Object.values(staffApi)].filter(
      isCall,
    );
    expect(tables.map(([name]) => name)).toContain('commandsApi');
    const missing = endpoints.filter((e) => !rt.app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
    expect(endpoints.length).toBeGreaterThan(100);
  });

  it('hides unexpected errors behind a generic 500 with an error id that is in the log', async () => {
    const app = await buildApp(rt.ctx, { serveWeb: false });
    app.get('/api/v1/boom', async () => {
      throw new Error('secret internals');
    });
    const res = await app.inject('/api/v1/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json<{ respones_msg: string; errorId: string; code: string }>();
    expect(body.code).toBe('E_INTERNAL');
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('at ');
    expect(rt.logLines.join('')).toContain(body.errorId);
    await app.close();
  });
});

describe('configuration', () => {
  it('stops start-up with a clear message for a wrong value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ROLE: 'boss' })).toThrow(/ROLE/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/go together/);
  });

  it('sizes the database pool by DB_POOL_SIZE: 20 by default, 5 for a worker, a whole number from 1 to 1000', () => {
    expect(loadConfig({}).dbPoolSize).toBe(20);
    expect(loadConfig({ ROLE: 'worker' }).dbPoolSize).toBe(5);
    expect(loadConfig({ DB_POOL_SIZE: '7', ROLE: 'worker' }).dbPoolSize).toBe(7);
    for (const wrong of ['0', '-3', '2.5', '1001', 'many'])
      expect(() => loadConfig({ DB_POOL_SIZE: wrong }), wrong).toThrow(/DB_POOL_SIZE/);
  });

  it('refuses the sandbox provider on a public PUBLIC_URL unless ALLOW_SANDBOX_PAYMENTS=1 (issue 12, item 8)', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://console.example.com' })).toThrow(/ALLOW_SANDBOX_PAYMENTS=1/);
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com', ALLOW_SANDBOX_PAYMENTS: '1' }).paymentProvider).toBe(
      'sandbox',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).publicUrl).toBe('http://127.0.0.1:4000');
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:3000' }).paymentProvider).toBe('sandbox');
    expect(
      loadConfig({
        PUBLIC_URL: 'https://console.example.com',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_WEBHOOK_SECRET: 'wh',
      }).paymentProvider,
    ).toBe('stripe');
  });

  it('refuses a common ADMIN_PASSWORD and a plain-http FX_RATES_URL across a network; warns of no SMTP on a public address (issue 24)', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'password123' })).toThrow(
      /ADMIN_PASSWORD is a common password/,
    );
    expect(loadConfig({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'Staff-Password-123' }).adminPassword).toBe(
      'Staff-Password-123',
    );
    expect(() => loadConfig({ FX_RATES_URL: 'http://rates.example.com/daily.xml' })).toThrow(
      /FX_RATES_URL: must be an https/,
    );
    expect(loadConfig({ FX_RATES_URL: 'https://rates.example.com/daily.xml' }).fxRatesUrl).toBe(
      'https://rates.example.com/daily.xml',
    );
    expect(loadConfig({ FX_RATES_URL: 'http://127.0.0.1:9/daily.xml' }).fxRatesUrl).toBe(
      'http://127.0.0.1:9/daily.xml',
    );
    const publicNoSmtp = loadConfig({ PUBLIC_URL: 'https://console.example.com', ALLOW_SANDBOX_PAYMENTS: '1' });
    expect(startupWarnings(publicNoSmtp)).toEqual([expect.stringMatching(/^SMTP_URL is unset: emails .* not sent/)]);
    expect(startupWarnings(loadConfig({}))).toEqual([]);
    expect(
      startupWarnings(
        loadConfig({
          PUBLIC_URL: 'https://console.example.com',
          ALLOW_SANDBOX_PAYMENTS: '1',
          SMTP_URL: 'smtp://mail:25',
        }),
      ),
    ).toEqual([]);
  });

  it('serves PRIVACY_URL and TERMS_URL (https only) to the web app, null when unset (issue 24)', async () => {
    expect(() => loadConfig({ PRIVACY_URL: 'http://www.example.com/privacy' })).toThrow(
      /PRIVACY_URL: must be an https/,
    );
    expect(() => loadConfig({ TERMS_URL: 'terms' })).toThrow(/TERMS_URL: must be an https/);
    const unset = (await rt.app.inject('/api/v1/config')).json().data;
    expect(unset).toMatchObject({ privacyUrl: null, termsUrl: null });
    const config = loadConfig({
      DATABASE_URL: rt.databaseUrl,
      PRIVACY_URL: 'https://www.example.com/privacy',
      TERMS_URL: 'https://www.example.com/terms',
    });
    const app = await buildApp({ ...rt.ctx, config }, { serveWeb: false });
    try {
      expect((await app.inject('/api/v1/config')).json().data).toMatchObject({
        privacyUrl: 'https://www.example.com/privacy',
        termsUrl: 'https://www.example.com/terms',
      });
    } finally {
      await app.close();
    }
  });

  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      role: 'all',
      productName: 'Fleetdeck',
      paymentProvider: 'sandbox',
      mailFrom: 'no-reply@localhost',
      logLevel: 'info',
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });
});
