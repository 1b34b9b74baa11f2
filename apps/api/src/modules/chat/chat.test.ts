import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  chatApi,
  type ChatSeats,
  type ChatUser,
  type ChatUserListResponse,
  type ChatUserResponse,
  type ErrorResponse,
  licencesApi,
} from '@fleetdeck/contract';
import { auditEntries, chatUsers, licenceGrants } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { decodeQr, jsonOf } from '../../../test/support/helpers.ts';
import { card, checkout, confirm } from '../../../test/support/payments.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, type TestCustomer as Customer } from '../../../test/support/factory.ts';

let rt: TestRuntime;
let c: Customer;

const PASSWORD = 'Violet-Canyon-2231';

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  c = await newCustomer(rt);
});
afterAll(async () => rt?.close());

const create = (body: Record<string, unknown>, token = c.token) =>
  call(rt, chatApi.create, { token, body: { name: 'Alice Example', password: PASSWORD, ...body } });

async function created(body: Record<string, unknown>) {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return jsonOf<ChatUserResponse>(res).data;
}

const listOf = async (query: { limit?: number; page?: number } = {}) =>
  jsonOf<ChatUserListResponse>(await call(rt, chatApi.list, { token: c.token, query }));

async function pchatSeats() {
  const res = await call(rt, licencesApi.summary, { token: c.token });
  return res.data().data.find((l) => l.family === 'PCHAT')!;
}

const auditOf = (subType: string) =>
  rt.ctx.db
    .select({ message: auditEntries.message, hasError: auditEntries.hasError })
    .from(auditEntries)
    .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, subType)))
    .orderBy(auditEntries.id);

/** What a create answers with `inUse` of `bought` Power Chat seats used: 402 to the payment page, 2 more to buy. */
const noSeatAnswer = (inUse: number, bought: number) => ({
  respones_msg: `All your Power Chat licences are in use (${inUse} of ${bought}). Please buy 2 more to add this user.`,
  code: 'E_NO_LICENCE',
  redirectToPaymentPage: 1,
  requiredPurchasedQty: 2,
});

/** The path of a qrCodeUrl (its host is PUBLIC_URL). */
const pathOf = (url: string) => new URL(url).pathname;

describe('Power Chat users', () => {
  it('refuses creation without a free PCHAT licence: 402 to the payment page, at least 2 to buy; audited', async () => {
    const res = await create({ user_id: 'alice' });
    expect(res.statusCode).toBe(402);
    expect(jsonOf<ErrorResponse>(res)).toEqual(noSeatAnswer(0, 0));
    expect(await auditOf('Chat User Created')).toEqual([
      { message: 'Power Chat user alice not created: no free Power Chat licence', hasError: true },
    ]);
  });

  it('creates users once PCHAT seats are bought: each takes a seat, the password is stored hashed', async () => {
    const checkoutData = await checkout(rt, c.token, { priceId: 'PCHAT', qty: 2 });
    expect((await confirm(rt, checkoutData.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    expect(await pchatSeats()).toMatchObject({ purchased: 2, used: 0 });

    const alice = await created({ user_id: ' Alice ', addToGlobalPull: true });
    expect(alice).toEqual({
      _id: expect.any(String),
      fcmData: { name: 'Alice Example', user_id: 'alice' },
      isTrialUser: false,
      addToGlobalPull: true,
      qrCodeUrl: expect.stringMatching(
        new RegExp(`^http://localhost:3000/api/v1/qr/chat/${alice._id}/[0-9a-f]{64}\\.png$`),
      ),
      created_at: expect.any(String),
    });
    const [row] = await rt.ctx.db.select().from(chatUsers).where(eq(chatUsers.id, alice._id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, row!.passwordHash)).toBe(true);
    expect(await pchatSeats()).toMatchObject({ purchased: 2, used: 1 });
    expect((await auditOf('Chat User Created')).at(-1)).toEqual({
      message: 'Power Chat user alice (Alice Example) created',
      hasError: false,
    });
  });

  it('with every seat used and a Power Chat subscription: 402 to update the subscription by the minimum, 2', async () => {
    await created({ user_id: 'bob', name: 'Bob' });
    const res = await create({ user_id: 'carol' });
    expect(res.statusCode).toBe(402);
    // Update-subscription refuses fewer than 2 PCHAT seats and is prefilled with 2: the message names that number.
    expect(jsonOf<ErrorResponse>(res)).toMatchObject({ ...noSeatAnswer(2, 2), isSubscriptionUpdate: 1 });
    expect(await pchatSeats()).toMatchObject({ purchased: 2, used: 2 });
  });

  it('refuses a user id already taken (any case, any customer) with 409 naming user_id', async () => {
    await rt.ctx.db
      .update(licenceGrants)
      .set({ seats: 10 })
      .where(and(eq(licenceGrants.customerId, c.id), eq(licenceGrants.family, 'PCHAT')));
    const res = await create({ user_id: 'ALICE' });
    expect(res.statusCode).toBe(409);
    expect(jsonOf<ErrorResponse>(res)).toMatchObject({
      code: 'E_CONFLICT',
      respones_msg: 'user_id: this user id is already taken. Please choose another one.',
    });
  });

  it.each([
    [{ name: '' }, 'name: is required'],
    [{ name: 'x'.repeat(101) }, 'name: must be at most 100 characters'],
    [{ password: 'short' }, 'password: must be at least 8 characters'],
    [{ password: undefined }, 'password: is required'],
    [{ password: 'password123' }, 'password: this password is too common. Please choose a less guessable one.'],
    [{ user_id: 'ab' }, 'user_id: must be at least 3 characters'],
    [{ user_id: 'has space' }, expect.stringMatching(/^user_id: may contain only letters, digits/)],
    [{ user_id: undefined }, 'user_id: is required'],
    [{ addToGlobalPull: 'yes' }, 'addToGlobalPull: must be true or false'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await create({ user_id: 'dave', ...body });
    expect(res.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(res).respones_msg).toEqual(message);
  });

  it('lists the users newest first, paged on the server; detail answers one', async () => {
    const page = await listOf({ limit: 5 });
    expect(page.data.map((u) => u.fcmData.user_id)).toEqual(['bob', 'alice']);
    expect(page.pagination).toEqual({ page: 1, limit: 5, total: 2 });
    expect((await listOf({ limit: 5, page: 2 })).data).toEqual([]);
    const bad = await call(rt, chatApi.list, { query: { limit: '3' }, token: c.token });
    expect(jsonOf<ErrorResponse>(bad).respones_msg).toBe('limit: must be one of 5, 10, 25, 50');

    const alice = page.data[1]!;
    const detail = await call(rt, chatApi.detail, { query: { id: alice._id }, token: c.token });
    expect(jsonOf<ChatUserResponse>(detail).data).toEqual(alice);
    const unknown = await call(rt, chatApi.detail, { query: { id: crypto.randomUUID() }, token: c.token });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(rt, chatApi.detail, { query: { id: '1' }, token: c.token });
    expect(jsonOf<ErrorResponse>(malformed).respones_msg).toBe('id: must be a chat user id');
  });

  it("serves the user's QR code as a PNG that says where and as whom to sign in; a wrong key is 404", async () => {
    const [bob] = (await listOf()).data;
    const res = await rt.app.inject({ method: 'GET', url: pathOf(bob!.qrCodeUrl) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(decodeQr(res.rawPayload)).toBe('http://localhost:3000/chat-login?user=bob');
    const forged = pathOf(bob!.qrCodeUrl).replace(/[0-9a-f]{64}/, 'a'.repeat(64));
    expect((await rt.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const garbage = `/api/v1/qr/chat/${bob!._id}/key.png`;
    expect((await rt.app.inject({ method: 'GET', url: garbage })).statusCode).toBe(400);
  });

  it('sync answers the seats as the ledger counts them; audited', async () => {
    const res = await call(rt, chatApi.sync, { token: c.token });
    expect(res.statusCode).toBe(200);
    expect(jsonOf<{ respones_msg: string; data: ChatSeats }>(res)).toEqual({
      respones_msg: 'Power Chat users synced: 2 of 10 licences in use.',
      data: { purchased: 10, used: 2, free: 8, uncovered: 0 },
    });
    expect((await auditOf('Chat Users Synced')).at(-1)?.message).toBe(
      'Power Chat users synced: 2 of 10 licences in use',
    );
  });

  it('marks the users beyond the purchased seats as trial users, newest first, once seats run out', async () => {
    const pchat = and(eq(licenceGrants.customerId, c.id), eq(licenceGrants.family, 'PCHAT'));
    await rt.ctx.db.update(licenceGrants).set({ seats: 1 }).where(pchat);
    try {
      const users = (await listOf()).data;
      expect(users.map((u) => [u.fcmData.user_id, u.isTrialUser])).toEqual([
        ['bob', true],
        ['alice', false],
      ]);
      const sync = jsonOf<{ data: ChatSeats }>(await call(rt, chatApi.sync, { token: c.token }));
      expect(sync.data).toEqual({ purchased: 1, used: 2, free: 0, uncovered: 1 });
      // One more user needs the missing seat and its own.
      const res = await create({ user_id: 'erin' });
      expect(jsonOf<ErrorResponse>(res)).toMatchObject({ requiredPurchasedQty: 2, isSubscriptionUpdate: 1 });
    } finally {
      await rt.ctx.db.update(licenceGrants).set({ seats: 10 }).where(pchat);
    }
  });

  it('deletes a user (id in the query string or the body): the seat is free, its QR code is gone, its user id reusable', async () => {
    const [bob, alice] = (await listOf()).data as [ChatUser, ChatUser];
    const byQuery = await call(rt, chatApi.remove, { query: { id: bob._id }, token: c.token });
    expect(byQuery.statusCode).toBe(200);
    expect(jsonOf(byQuery)).toEqual({ respones_msg: 'Power Chat user deleted successfully.' });
    expect((await rt.app.inject({ method: 'GET', url: pathOf(bob.qrCodeUrl) })).statusCode).toBe(404);
    expect((await call(rt, chatApi.detail, { query: { id: bob._id }, token: c.token })).statusCode).toBe(404);
    expect((await call(rt, chatApi.remove, { query: { id: bob._id }, token: c.token })).statusCode).toBe(404);

    const byBody = await call(rt, chatApi.remove, { token: c.token, body: { id: alice._id } });
    expect(byBody.statusCode).toBe(200);
    expect(await pchatSeats()).toMatchObject({ used: 0 });
    const missing = await call(rt, chatApi.remove, { token: c.token });
    expect(jsonOf<ErrorResponse>(missing)).toMatchObject({
      code: 'E_VALIDATION',
      respones_msg: 'id: is required (in the query string or the JSON body)',
    });
    expect((await auditOf('Chat User Deleted')).map((a) => a.message)).toEqual([
      'Power Chat user bob (Bob) deleted; its licence is free',
      'Power Chat user alice (Alice Example) deleted; its licence is free',
    ]);

    const again = await created({ user_id: 'bob', name: 'Bob Again' });
    expect(again._id).not.toBe(bob._id);
  });

  it('never oversells: concurrent creations for the last free seat give it to one', async () => {
    const used = (await pchatSeats()).used;
    await rt.ctx.db
      .update(licenceGrants)
      .set({ seats: used + 1 })
      .where(and(eq(licenceGrants.customerId, c.id), eq(licenceGrants.family, 'PCHAT')));
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => create({ user_id: `race-${i}` })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 402, 402, 402, 402]);
    expect(await pchatSeats()).toMatchObject({ purchased: used + 1, used: used + 1 });
  });

  it('needs the customer session', async () => {
    for (const [endpoint, opts] of [
      [chatApi.list, {}],
      [chatApi.detail, { query: { id: crypto.randomUUID() } }],
      [chatApi.sync, {}],
      [chatApi.create, { body: { name: 'A', password: PASSWORD, user_id: 'anon' } }],
      [chatApi.remove, { query: { id: crypto.randomUUID() } }],
    ] as const) {
      const res = await call(rt, endpoint, opts);
      expect(res.statusCode, endpoint.path).toBe(401);
    }
  });
});
