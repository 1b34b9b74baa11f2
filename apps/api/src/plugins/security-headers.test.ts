import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usersApi } from '@fleetdeck/contract';
import { securityHeaders } from './security-headers.ts';
import { startTestRuntime, type TestRuntime } from '../../test/support/runtime.ts';
import { call } from '../../test/support/call.ts';
import { newCustomer } from '../../test/support/factory.ts';

/** Issue 12, item 8 (small ones): HSTS on https, no-store on authenticated API answers. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

describe('security headers (issue 12, item 8)', () => {
  it('sends HSTS when PUBLIC_URL is https, and not on http', () => {
    const https = securityHeaders({ paymentProvider: 'sandbox', publicUrl: 'https://console.example.com' });
    expect(https['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = securityHeaders({ paymentProvider: 'sandbox', publicUrl: 'http://localhost:3000' });
    expect(http['strict-transport-security']).toBeUndefined();
  });

  it('marks authenticated API answers no-store', async () => {
    const c = await newCustomer(rt);
    const detail = await call(rt, usersApi.detail, { token: c.token });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toBe('no-store');
    const refused = await call(rt, usersApi.detail, { token: 'not-a-token' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('/api/docs does not upgrade its own scripts to https: it loads over plain http on any host (issue 24)', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html']) {
      const res = await rt.app.inject({ url, headers: { host: 'fleet.example.org' } });
      expect(res.statusCode, url).toBeLessThan(400);
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
    const page = await rt.app.inject({ url: '/api/docs/static/index.html', headers: { host: 'fleet.example.org' } });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
