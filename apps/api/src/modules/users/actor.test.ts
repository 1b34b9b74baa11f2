import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usersApi } from '@fleetdeck/contract';
import { accountMembers, auditEntries } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, randomIp } from '../../../test/support/factory.ts';
import { uniqueEmail } from '../../../test/support/helpers.ts';
import { card, checkout, confirm } from '../../../test/support/payments.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const lastAudit = async (customerId: string, type: 'User Account' | 'Payments') =>
  (
    await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, customerId), eq(auditEntries.type, type)))
      .orderBy(desc(auditEntries.id))
      .limit(1)
  )[0]!;

describe('audit rows of sign-in and payments name their actor', () => {
  it('a login is the registrant’s (the account’s first member), with the client address; an unknown email is an anonymous visitor', async () => {
    const c = await newCustomer(rt);
    const ip = randomIp();
    const res = await call(rt, usersApi.login, { body: { email: c.email, password: c.password }, ip });
    expect(res.statusCode).toBe(200);
    const [registrant] = await rt.ctx.db
      .select({ id: accountMembers.id })
      .from(accountMembers)
      .where(and(eq(accountMembers.customerId, c.id), eq(accountMembers.registrant, true)));
    expect(await lastAudit(c.id, 'User Account')).toMatchObject({
      subType: 'Login',
      actorKind: 'member',
      actorId: registrant!.id,
      source: 'Web',
      ip,
    });

    const email = uniqueEmail('nobody');
    await call(rt, usersApi.login, { body: { email, password: 'Wrong-Password-1' }, ip });
    const [row] = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.email, email), isNull(auditEntries.customerId)));
    expect(row).toMatchObject({ actorKind: 'anonymous', actorId: null, source: 'Web', ip, hasError: true });
  });

  it('a payment outcome is the system’s (it arrives as a provider event)', async () => {
    const c = await newCustomer(rt);
    const data = await checkout(rt, c.token, { priceId: 'PDOT', qty: 1 });
    expect((await confirm(rt, data.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    expect(await lastAudit(c.id, 'Payments')).toMatchObject({
      subType: 'Onetime Purchased',
      actorKind: 'system',
      actorId: null,
      source: 'Web',
      ip: null,
    });
  });
});
