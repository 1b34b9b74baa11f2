import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../test/support/runtime.ts';

/**
 * Generated from the OpenAPI document, so it covers every route, new ones included: a route that declares `security`
 * refuses a request without a token (401), and a route that declares none is really reachable without one. A guard
 * missing from the document, or a document promising a guard the route does not have, fails here.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

type Operation = { security?: unknown[]; parameters?: { in: string; name: string }[] };

describe('OpenAPI security matches the guards', () => {
  it('every documented guard answers 401 without a token; every open route answers without one', async () => {
    const doc = (await rt.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    const checked: string[] = [];
    for (const [template, operations] of Object.entries(doc.paths)) {
      if (!template.startsWith('/api/v1/')) continue;
      for (const [method, op] of Object.entries(operations)) {
        // Path parameters get a value of the right shape; the guard answers before the route looks it up.
        const url = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
          name === 'file' ? 'com.example.app.svg' : '00000000-0000-4000-8000-000000000000',
        );
        const res = await rt.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
          remoteAddress: `10.9.${checked.length % 250}.${(checked.length >> 8) + 1}`,
        });
        const guarded = (op.security?.length ?? 0) > 0;
        const label = `${method.toUpperCase()} ${template} (${guarded ? 'guarded' : 'open'}) answered ${res.statusCode}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (guarded) expect(res.statusCode, label).toBe(401);
        else expect(res.statusCode, label).not.toBe(401);
        checked.push(label);
      }
    }
    expect(checked.length).toBeGreaterThan(90);
  });
});
