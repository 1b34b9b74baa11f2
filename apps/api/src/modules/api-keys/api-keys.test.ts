import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  API_KEY_SCOPES,
  activityApi,
  apiKeysApi,
  devicesApi,
  fleetApi,
  paymentsApi,
  teamApi,
  usersApi,
  type ApiKeyScope,
} from '@fleetdeck/contract';
import { call } from '../../../test/support/call.ts';
import { sweepKeyUsage } from './service.ts';
import { newCustomer, newMember, type TestCustomer } from '../../../test/support/factory.ts';
import { inOneWindow } from '../../../test/support/helpers.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';

/** DECISIONS §13: an account's API keys, the requests they authenticate and their per-minute limit. */

let rt: TestRuntime;
let owner: TestCustomer;
beforeAll(async () => {
  rt = await startFileRuntime();
  owner = await newCustomer(rt);
});
afterAll(() => rt.close());

const bearer = (key: string) => `Bearer ${key}`;

async function createKey(
  token: string,
  body: { name?: string; scopes?: ApiKeyScope[]; expiresAt?: string | null } = {},
) {
  const res = await call(rt, apiKeysApi.apiKeyCreate, {
    token,
    body: {
      name: body.name ?? `key ${crypto.randomUUID().slice(0, 8)}`,
      scopes: body.scopes ?? ['devices:read'],
      ...body,
    },
  });
  return res.data().data;
}

describe('creating, listing and revoking keys', () => {
  it('answers the key once, lists it without it (newest first, with its creator) and revokes it at once', async () => {
    const admin = await newMember(rt, owner, 'Admin', { name: 'Ada Admin' });
    const first = await createKey(owner.token, { name: 'CI deploys', scopes: ['devices:read', 'commands:write'] });
    expect(first.key).toMatch(/^fdk_[A-Za-z0-9_-]{43}$/);
    expect(first.prefix).toBe(first.key.slice(0, 12));
    expect(first.rateLimit).toBe(600);
    expect(first.createdBy).toBe('Test Customer');
    const second = await createKey(admin.token, { name: 'Inventory sync', expiresAt: '2099-01-01T00:00:00Z' });
    expect(second.createdBy).toBe('Ada Admin');
    expect(second.expiresAt).toBe('2099-01-01T00:00:00.000Z');

    const list = (await call(rt, apiKeysApi.apiKeyList, { token: owner.token })).data().data;
    const mine = list.filter((k) => [first._id, second._id].includes(k._id));
    expect(mine.map((k) => k.name)).toEqual(['Inventory sync', 'CI deploys']);
    expect(mine[1]).toMatchObject({ scopes: ['devices:read', 'commands:write'], createdBy: 'Test Customer' });
    expect(JSON.stringify(list)).not.toContain(first.key);
    const stored = await rt.ctx.db.execute<{ key_hash: string }>(
      sql`select key_hash from api_keys where id = ${first._id}`,
    );
    expect(stored.rows[0]!.key_hash).not.toContain(first.key.slice(4));

    // Works, then is revoked and stops at once.
    expect((await call(rt, devicesApi.profileList, { token: bearer(first.key), query: {} })).statusCode).toBe(200);
    const revoked = await call(rt, apiKeysApi.apiKeyRevoke, { token: admin.token, params: { id: first._id } });
    expect(revoked.json().respones_msg).toBe('API key revoked');
    const after = await call(rt, devicesApi.profileList, { token: bearer(first.key), query: {} });
    expect(after.statusCode).toBe(401);
    expect(after.error()).toMatchObject({ code: 'E_UNAUTHORIZED', respones_msg: expect.stringMatching(/revoked/) });
    const listed = (await call(rt, apiKeysApi.apiKeyList, { token: owner.token })).data().data;
    expect(listed.map((k) => k._id)).not.toContain(first._id);
    // Revoked twice: 404.
    expect(
      (await call(rt, apiKeysApi.apiKeyRevoke, { token: owner.token, params: { id: first._id } })).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another account's key id, and the key keeps working", async () => {
    const other = await newCustomer(rt);
    const theirs = await createKey(other.token);
    const res = await call(rt, apiKeysApi.apiKeyRevoke, { token: owner.token, params: { id: theirs._id } });
    expect(res.statusCode).toBe(404);
    expect(res.error().code).toBe('E_NOT_FOUND');
    expect((await call(rt, devicesApi.profileList, { token: bearer(theirs.key), query: {} })).statusCode).toBe(200);
    const ownList = (await call(rt, apiKeysApi.apiKeyList, { token: owner.token })).data().data;
    expect(ownList.map((k) => k._id)).not.toContain(theirs._id);
  });

  it('refuses the key calls to Technicians, Viewers and Billing members (403), opens them to Admins', async () => {
    const key = await createKey(owner.token);
    for (const role of ['Technician', 'Viewer', 'Billing'] as const) {
      const member = await newMember(rt, owner, role);
      for (const res of [
        await call(rt, apiKeysApi.apiKeyList, { token: member.token }),
        await call(rt, apiKeysApi.apiKeyCreate, { token: member.token, body: { name: 'x', scopes: ['devices:read'] } }),
        await call(rt, apiKeysApi.apiKeyRevoke, { token: member.token, params: { id: key._id } }),
      ]) {
        expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
        expect(res.error().code).toBe('E_FORBIDDEN');
      }
    }
    const admin = await newMember(rt, owner, 'Admin');
    expect((await call(rt, apiKeysApi.apiKeyList, { token: admin.token })).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and says what is wrong', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'x', scopes: [] }, /scopes.*at least one scope/i],
      [{ name: 'x', scopes: ['devices:delete'] }, /scopes.*must be one of devices:read/i],
      [{ name: 'x', scopes: ['devices:read', 'devices:read'] }, /scopes.*names a scope twice/i],
      [{ name: 'x', scopes: ['devices:read'], expiresAt: '2020-01-01T00:00:00Z' }, /expiresAt.*in the future/i],
      [{ name: 'x', scopes: ['devices:read'], expiresAt: 'tomorrow' }, /expiresAt.*ISO 8601/i],
      [{ name: 'x'.repeat(101), scopes: ['devices:read'] }, /name.*at most 100 characters/i],
      [{ name: '  ', scopes: ['devices:read'] }, /name.*required/i],
      [{ scopes: ['devices:read'] }, /name/i],
    ];
    for (const [body, message] of cases) {
      const res = await call(rt, apiKeysApi.apiKeyCreate, { token: owner.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().respones_msg, JSON.stringify(body)).toMatch(message);
    }
  });

  it('refuses a second key of the same name and a key past MAX_API_KEYS (409)', async () => {
    const account = await newCustomer(rt);
    await createKey(account.token, { name: 'Backups' });
    const twin = await call(rt, apiKeysApi.apiKeyCreate, {
      token: account.token,
      body: { name: 'backups', scopes: ['devices:read'] },
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.error().respones_msg).toMatch(/named "backups" already exists/);
    for (let i = 1; i < 50; i += 1) await createKey(account.token, { name: `key ${i}` });
    const over = await call(rt, apiKeysApi.apiKeyCreate, {
      token: account.token,
      body: { name: 'one more', scopes: ['devices:read'] },
    });
    expect(over.statusCode).toBe(409);
    expect(over.error()).toMatchObject({
      code: 'E_CONFLICT',
      respones_msg: expect.stringMatching(/already has 50 API keys/),
    });
  });
});

describe('authenticating with a key', () => {
  it('answers 401 to unknown and expired keys, saying which', async () => {
    const unknown = await call(rt, devicesApi.profileList, { token: bearer(`fdk_${'A'.repeat(43)}`), query: {} });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.error().respones_msg).toMatch(/unknown/);
    const malformed = await call(rt, devicesApi.profileList, { token: bearer('fdk_short'), query: {} });
    expect(malformed.statusCode).toBe(401);

    const key = await createKey(owner.token);
    await rt.ctx.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${key._id}`);
    const expired = await call(rt, devicesApi.profileList, { token: bearer(key.key), query: {} });
    expect(expired.statusCode).toBe(401);
    expect(expired.error()).toMatchObject({ code: 'E_UNAUTHORIZED', respones_msg: expect.stringMatching(/expired/) });
  });

  it('keeps working after the member who created it is removed from the team', async () => {
    const admin = await newMember(rt, owner, 'Admin', { name: 'Leaving Admin' });
    const key = await createKey(admin.token, { name: 'Outlives its creator' });
    (await call(rt, teamApi.teamRemove, { token: owner.token, params: { id: admin.id } })).data();
    expect((await call(rt, apiKeysApi.apiKeyList, { token: admin.token })).statusCode).toBe(401);
    expect((await call(rt, devicesApi.profileList, { token: bearer(key.key), query: {} })).statusCode).toBe(200);
    const listed = (await call(rt, apiKeysApi.apiKeyList, { token: owner.token })).data().data;
    expect(listed.find((k) => k._id === key._id)?.createdBy).toBeNull();
  });

  it('refuses team, API-key and payment calls to a key with every scope (403 E_SCOPE)', async () => {
    const key = await createKey(owner.token, { scopes: [...API_KEY_SCOPES] });
    const token = bearer(key.key);
    const refused: [Awaited<ReturnType<typeof call>>, RegExp][] = [
      [await call(rt, teamApi.teamList, { token }), /the account's team/],
      [await call(rt, apiKeysApi.apiKeyList, { token }), /API keys and webhooks/],
      [await call(rt, apiKeysApi.apiKeyCreate, { token, body: { name: 'x', scopes: ['devices:read'] } }), /API keys/],
      [await call(rt, apiKeysApi.apiKeyRevoke, { token, params: { id: key._id } }), /API keys/],
      [await call(rt, paymentsApi.purchase, { token, body: {} }), /payments and payment methods/],
      [await call(rt, paymentsApi.attachPaymentMethod, { token, body: {} }), /payments/],
      [await call(rt, usersApi.detail, { token }), /own sign-in, profile and password/],
    ];
    for (const [res, what] of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.error().code).toBe('E_SCOPE');
      expect(res.error().respones_msg).toMatch(/^API keys cannot call this: /);
      expect(res.error().respones_msg).toMatch(what);
    }
  });

  it('names the scope a key lacks', async () => {
    const key = await createKey(owner.token, { scopes: ['devices:read'] });
    const res = await call(rt, fleetApi.groupCreate, { token: bearer(key.key), body: { name: 'Vans', family: 'PD' } });
    expect(res.statusCode).toBe(403);
    expect(res.error()).toMatchObject({ code: 'E_SCOPE', respones_msg: expect.stringMatching(/"devices:write"/) });
    // Refused answers of a known key carry its limit too.
    expect(res.headers['ratelimit-limit']).toBe('600');
    expect(res.headers['ratelimit-remaining']).toBe('599');
  });

  it('writes as the key: the audit row names it (actor_kind \'api_key\') and the audit list says "API key <name>"', async () => {
    const account = await newCustomer(rt);
    const key = await createKey(account.token, { name: 'Provisioning', scopes: ['devices:read', 'devices:write'] });
    const group = await call(rt, fleetApi.groupCreate, {
      token: bearer(key.key),
      body: { name: 'Made by a key', family: 'PD' },
    });
    expect(group.statusCode, group.body).toBe(200);
    const rows = await rt.ctx.db.execute<{ actor_kind: string; actor_id: string; sub_type: string }>(sql`
      select actor_kind, actor_id, sub_type from audit_entries
       where customer_id = ${account.id} and type = 'Profile' and sub_type = 'Group'`);
    expect(rows.rows).toEqual([{ actor_kind: 'api_key', actor_id: key._id, sub_type: 'Group' }]);

    await call(rt, apiKeysApi.apiKeyRevoke, { token: account.token, params: { id: key._id } });
    const audit = (await call(rt, activityApi.auditList, { token: account.token, query: {} })).data().data.data;
    expect(audit.find((e) => e.sub_type === 'Group')?.actor).toBe('API key Provisioning');
    const keyRows = audit.filter((e) => e.sub_type === 'API Key').map((e) => e.message);
    expect(keyRows).toEqual([
      'API key "Provisioning" revoked',
      'API key "Provisioning" created (devices:read, devices:write)',
    ]);
  });
});

describe('the per-key rate limit', () => {
  it('counts requests per minute in PostgreSQL, with RateLimit headers, and answers 429 past the limit', async () => {
    const key = await createKey(owner.token);
    await rt.ctx.db.execute(sql`update api_keys set rate_limit = 3 where id = ${key._id}`);
    const token = bearer(key.key);
    // The four calls must fall in one minute's window.
    await inOneWindow(5);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await call(rt, devicesApi.profileList, { token, query: {} }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers['ratelimit-limit'])).toEqual(['3', '3', '3', '3']);
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    for (const a of answers) {
      const reset = Number(a.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const refused = answers[3]!;
    expect(refused.error()).toMatchObject({
      code: 'E_RATE_LIMITED',
      respones_msg: expect.stringMatching(/more than 3/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A session of the same account is not limited by the key.
    expect((await call(rt, devicesApi.profileList, { token: owner.token, query: {} })).statusCode).toBe(200);
    // The counter is in the shared table, under the key's id; the hourly sweep deletes windows older than an hour.
    const counts = async () =>
      (
        await rt.ctx.db.execute<{ count: number }>(sql`select count from api_key_usage where key_id = ${key._id}`)
      ).rows.map((r) => Number(r.count));
    expect(await counts()).toEqual([4]);
    await rt.ctx.db.execute(sql`
      insert into api_key_usage (key_id, window_start, count) values (${key._id}, now() - interval '2 hours', 9)`);
    expect((await counts()).sort()).toEqual([4, 9]);
    await sweepKeyUsage(rt.ctx.db);
    expect(await counts()).toEqual([4]);
  });

  it('touches last_used_at at most once a minute', async () => {
    const key = await createKey(owner.token);
    const lastUsed = async () =>
      (await rt.ctx.db.execute<{ t: Date | null }>(sql`select last_used_at as t from api_keys where id = ${key._id}`))
        .rows[0]!.t;
    expect(await lastUsed()).toBeNull();
    await call(rt, devicesApi.profileList, { token: bearer(key.key), query: {} });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await call(rt, devicesApi.profileList, { token: bearer(key.key), query: {} });
    expect(await lastUsed()).toEqual(first);
    const listed = (await call(rt, apiKeysApi.apiKeyList, { token: owner.token })).data().data;
    expect(listed.find((k) => k._id === key._id)?.lastUsedAt).toBe(new Date(first!).toISOString());
  });
});
