import type { Endpoint } from '@fleetdeck/contract';
import { paymentsApi, sandboxApi, usersApi } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../../context.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { AppError, notFound, unauthorized } from '../../../lib/errors.ts';
import { writeAudit } from '../../audit/service.ts';
import { createSession, revokeSession, type SessionInfo } from '../../sessions/service.ts';
import { findCustomerByEmail } from '../../users/repository.ts';
import { findStaffById } from '../repository.ts';

/** DECISIONS §8: a login-as session lasts at most 60 minutes. */
export const LOGIN_AS_MINUTES = 60;

/**
 * Calls a login-as session may not make (DECISIONS §8: password, email, two-step, payment-method and purchase
 * calls): 403 `E_IMPERSONATION_FORBIDDEN`. The customer's own credentials and money stay theirs.
 */
const REFUSED_WHILE_IMPERSONATING = new Set<Endpoint>([
  usersApi.changePassword,
  usersApi.updateSecuritySetting,
  paymentsApi.purchase,
  paymentsApi.updateSubscription,
  paymentsApi.attachPaymentMethod,
  paymentsApi.setDefaultPaymentMethod,
  paymentsApi.detachPaymentMethod,
  sandboxApi.tokeniseCard,
]);

export const refusedWhileImpersonating = (endpoint: Endpoint | undefined) =>
  endpoint !== undefined && REFUSED_WHILE_IMPERSONATING.has(endpoint);

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

/**
 * The customer guard's check of a login-as session: the staff member behind it must still be enabled (disabling ends
 * their login-as sessions too) and the call must not be one of the refused ones.
 */
export async function checkImpersonation(ctx: AppContext, session: SessionInfo, endpoint: Endpoint | undefined) {
  const staff = session.impersonatorId ? await findStaffById(ctx.db, session.impersonatorId) : null;
  if (!staff || staff.disabledAt) {
    await revokeSession(ctx.db, session.sessionId, 'staff account disabled');
    throw unauthorized('This staff session has ended. Please open the customer again from the back office.');
  }
  if (refusedWhileImpersonating(endpoint)) {
    throw new AppError(
      403,
      'E_IMPERSONATION_FORBIDDEN',
      "This is not allowed in a staff session: passwords, two-step, cards and purchases stay the customer's own.",
    );
  }
  return { id: staff.id, email: staff.email };
}
