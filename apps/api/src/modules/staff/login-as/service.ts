import { inTransaction, type AppContext } from '../../../context.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { writeAudit } from '../../audit/service.ts';
import { createSession } from '../../sessions/service.ts';
import { findCustomerByEmail } from '../../users/repository.ts';

/** DECISIONS §8: a login-as session lasts at most 60 minutes. */
export const LOGIN_AS_MINUTES = 60;

/** Opens the customer's console for a staff member: a customer session marked with who opened it. */
export async function loginAs(ctx: AppContext, actor: StaffActor & { email: string }, customerEmail: string) {
  const customer = await findCustomerByEmail(ctx.db, customerEmail);
  if (!customer) throw notFound('No customer with this email.');
  if (customer.disabledAt) {
    throw new AppError(409, 'E_ACCOUNT_DISABLED', 'This customer account is disabled: its console cannot be opened.');
  }
  const lifetimeMs = LOGIN_AS_MINUTES * 60_000;
  const expiresAt = new Date(Date.now() + lifetimeMs);
  const token = await inTransaction(ctx.db, async (tx) => {
    const t = await createSession(
      tx,
      'customer',
      customer.id,
      { ip: actor.ip, userAgent: actor.userAgent ?? null },
      { impersonatorId: actor.id, lifetimeMs },
    );
    // One row serves both trails: the customer's (by customer) and the staff member's (by actor).
    await writeAudit(tx, {
      customerId: customer.id,
      email: customer.email,
      type: 'User Account',
      subType: 'Staff Login As',
      message: `Staff login-as by ${actor.email}`,
      actor,
    });
    return t;
  });
  return { token, expiresAt: expiresAt.toISOString(), customerEmail: customer.email };
}
