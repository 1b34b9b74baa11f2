import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysApi, fleetApi, usersApi, type Group } from '@fleetdeck/contract';
import { deviceGroups, idempotencyKeys } from '../db/schema.ts';
import { sweepIdempotencyKeys } from '../modules/idempotency/repository.ts';
import { idempotencyWait } from './idempotency.ts';
import { call } from '../../test/support/call.ts';
import { newCustomer, newMember } from '../../test/support/factory.ts';
import { STRONG_PASSWORD } from '../../test/support/helpers.ts';
import type { TestRuntime } from '../../test/support/runtime.ts';
import { startFileRuntime } from '../../test/support/suites.ts';

/** DECISIONS §13: `Idempotency-Key` on every POST of the customer API, with Stripe's rules. */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof newCustomer>>;

beforeAll(async () => {
  rt = await startFileRuntime();
  owner = await newCustomer(rt);
});
afterAll(() => rt.close());

const createGroup = (token: string, key: string | undefined, body: unknown) =>
  call(rt, fleetApi.groupCreate, { token, body, headers: key === undefined ? {} : { 'idempotency-key': key } });

const groupsNamed = async (customerId: string, name: string) =>
  (
    await rt.ctx.db
      .select({ id: deviceGroups.id })
      .from(deviceGroups)
      .where(and(eq(deviceGroups.customerId, customerId), eq(deviceGroups.name, name)))
  ).length;

const keyRow = async (key: string) =>
  (await rt.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];

describe('Idempotency-Key', () => {
  it('a repeat with the same key and body answers the first answer again, marked replayed, without a second write', async () => {
    const key = randomUUID();
    const first = await createGroup(owner.token, key, { name: 'Lobby', family: 'PD' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await createGroup(owner.token, key, { name: 'Lobby', family: 'PD' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(again.body).toBe(first.body);
    expect((JSON.parse(again.body) as { data: Group }).data._id).toBe(
      (JSON.parse(first.body) as { data: Group }).data._id,
    );
    expect(await groupsNamed(owner.id, 'Lobby')).toBe(1);
  });

  it('the same key with another body or path answers 422 E_IDEMPOTENCY and runs nothing', async () => {
    const key = randomUUID();
    expect((await createGroup(owner.token, key, { name: 'Dock', family: 'PD' })).statusCode).toBe(200);
    const other = await createGroup(owner.token, key, { name: 'Dock 2', family: 'PD' });
    expect(other.statusCode).toBe(422);
    expect(other.error().code).toBe('E_IDEMPOTENCY');
    expect(other.error().respones_msg).toMatch(/already used for a different request/);
    expect(await groupsNamed(owner.id, 'Dock 2')).toBe(0);
    const otherPath = await call(rt, fleetApi.templateCreate, {
      token: owner.token,
      body: { name: 'Dock', fromProfileId: randomUUID() },
      headers: { 'idempotency-key': key },
    });
    expect(otherPath.statusCode, otherPath.body).toBe(422);
  });

  it('keys are per caller: a member or an API key sending the same key runs their own request', async () => {
    const admin = await newMember(rt, owner, 'Admin');
    const key = randomUUID();
    expect((await createGroup(owner.token, key, { name: 'Yard', family: 'PD' })).statusCode).toBe(200);
    const theirs = await createGroup(admin.token, key, { name: 'Yard', family: 'PD' });
    // Not a replay of the owner's answer: the admin's own request ran.
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await groupsNamed(owner.id, 'Yard')).toBe(2);
    // An API key of the account is a caller of its own too.
    const apiKey = (
      await call(rt, apiKeysApi.apiKeyCreate, {
        token: owner.token,
        body: { name: 'Inventory sync', scopes: ['devices:write'] },
      })
    ).data().data.key;
    const byKey = await createGroup(`Bearer ${apiKey}`, key, { name: 'Yard', family: 'PD' });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.headers['idempotent-replayed']).toBeUndefined();
    expect(
      (await createGroup(`Bearer ${apiKey}`, key, { name: 'Yard', family: 'PD' })).headers['idempotent-replayed'],
    ).toBe('true');
    expect(await groupsNamed(owner.id, 'Yard')).toBe(3);
    const other = await newCustomer(rt);
    const elsewhere = await createGroup(other.token, key, { name: 'Yard', family: 'PD' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
    expect(await groupsNamed(other.id, 'Yard')).toBe(1);
  });

  it('a refused request keeps nothing (a retry runs again); input errors are answered before any key is taken', async () => {
    const key = randomUUID();
    // A template of no one: 404 after validation.
    const refused = await createGroup(owner.token, key, { name: 'Porch', family: 'PD', templateId: randomUUID() });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(await keyRow(key)).toBeUndefined();
    const invalid = await createGroup(owner.token, key, { name: '', family: 'PD' });
    expect(invalid.statusCode).toBe(400);
    expect(await keyRow(key)).toBeUndefined();
    const ok = await createGroup(owner.token, key, { name: 'Roof', family: 'PD' });
    expect(ok.statusCode).toBe(200);
    expect((await keyRow(key))?.state).toBe('done');
  });

  it('a repeat while the first request runs waits for its answer, else 409; one abandoned by a crashed process is taken over after 2 minutes', async () => {
    const key = randomUUID();
    const body = { name: 'Attic', family: 'PD' };
    const first = await createGroup(owner.token, key, body);
    expect(first.statusCode).toBe(200);
    const done = (await keyRow(key))!;
    const runningAgain = () =>
      rt.ctx.db
        .update(idempotencyKeys)
        .set({ state: 'running', statusCode: null, responseBody: null })
        .where(eq(idempotencyKeys.key, key));

    // Still running: the repeat waits, and answers the first answer once it is there.
    await runningAgain();
    const waiting = createGroup(owner.token, key, body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await rt.ctx.db
      .update(idempotencyKeys)
      .set({ state: 'done', statusCode: done.statusCode, responseBody: done.responseBody })
      .where(eq(idempotencyKeys.key, key));
    const replayed = await waiting;
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(first.body);

    // Still running after the wait: 409.
    await runningAgain();
    const wait = idempotencyWait.ms;
    idempotencyWait.ms = 200;
    try {
      const busy = await createGroup(owner.token, key, body);
      expect(busy.statusCode).toBe(409);
      expect(busy.error().respones_msg).toMatch(/still being processed/);
    } finally {
      idempotencyWait.ms = wait;
    }

    // Abandoned (a crash mid-request): after 2 minutes a repeat runs the request.
    await rt.ctx.db.delete(deviceGroups).where(eq(deviceGroups.name, 'Attic'));
    await rt.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(eq(idempotencyKeys.key, key));
    const takenOver = await createGroup(owner.token, key, body);
    expect(takenOver.statusCode).toBe(200);
    expect(takenOver.headers['idempotent-replayed']).toBeUndefined();
    expect(await groupsNamed(owner.id, 'Attic')).toBe(1);
  });

  it('answers are kept 24 hours: an older key runs again, and the hourly sweep deletes it', async () => {
    const key = randomUUID();
    expect((await createGroup(owner.token, key, { name: 'Cellar', family: 'PD' })).statusCode).toBe(200);
    await rt.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const later = await createGroup(owner.token, key, { name: 'Cellar 2', family: 'PD' });
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();

    await rt.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    await sweepIdempotencyKeys(rt.ctx.db);
    expect(await keyRow(key)).toBeUndefined();
  });

  it('kept answers are sealed: an API key answered once is not readable in the database, and a replay answers it', async () => {
    const key = randomUUID();
    const create = () =>
      call(rt, apiKeysApi.apiKeyCreate, {
        token: owner.token,
        body: { name: 'Sealed', scopes: ['devices:read'] },
        headers: { 'idempotency-key': key },
      });
    const first = await create();
    expect(first.statusCode).toBe(200);
    const apiKey = first.data().data.key;
    const row = await keyRow(key);
    expect(row?.responseBody).not.toContain(apiKey);
    expect(row?.responseBody).not.toContain('Sealed');
    const again = await create();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.data().data.key).toBe(apiKey);
  });

  it('a key over 255 characters answers 400; public calls ignore the header', async () => {
    const long = await createGroup(owner.token, 'k'.repeat(256), { name: 'Long', family: 'PD' });
    expect(long.statusCode).toBe(400);
    expect(long.error().respones_msg).toMatch(/Idempotency-Key: must be at most 255 characters/);

    const key = randomUUID();
    for (let i = 0; i < 2; i++) {
      const login = await call(rt, usersApi.login, {
        body: { email: owner.email, password: STRONG_PASSWORD },
        headers: { 'idempotency-key': key },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.headers['idempotent-replayed']).toBeUndefined();
    }
  });
});
