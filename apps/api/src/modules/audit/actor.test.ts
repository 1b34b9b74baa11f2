import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usersApi } from '@fleetdeck/contract';
import { accountMembers, auditEntries } from '../../db/schema.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { approveReseller } from '../users/service.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const lastAudit = async (customerId: string) =>
  (
    await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.customerId, customerId))
      .orderBy(desc(auditEntries.id))
      .limit(1)
  )[0]!;

describe('audit rows name their actor', () => {
  it("a customer's own change carries the person who made it (the registrant, DECISIONS §12), source Web and the client address", async () => {
    const c = await newCustomer(rt);
    const res = await call(rt, usersApi.update, { token: c.token, body: { name: 'Renamed' }, ip: '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    const [registrant] = await rt.ctx.db
      .select({ id: accountMembers.id })
      .from(accountMembers)
      .where(and(eq(accountMembers.customerId, c.id), eq(accountMembers.registrant, true)));
    const row = await lastAudit(c.id);
    expect(row).toMatchObject({ actorKind: 'member', actorId: registrant!.id, source: 'Web', ip: '203.0.113.7' });
  });

  it('a change made by the system carries no person', async () => {
    const c = await newCustomer(rt);
    await approveReseller(rt.ctx, SYSTEM, c.id);
    const row = await lastAudit(c.id);
    expect(row).toMatchObject({ subType: 'Reseller Approved', actorKind: 'system', actorId: null, source: 'Web' });
  });
});
