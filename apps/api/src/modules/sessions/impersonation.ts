import type { Endpoint } from '@fleetdeck/contract';
import { paymentsApi, sandboxApi, usersApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { findImpersonator } from './repository.ts';
import { revokeSession, type SessionInfo } from './service.ts';

/** Login-as sessions on the customer side (DECISIONS §8); staff open them in staff/login-as. */

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

/**
 * The customer guard's check of a login-as session: the staff member behind it must still be enabled (disabling ends
 * their login-as sessions too) and the call must not be one of the refused ones.
 */
export async function checkImpersonation(ctx: AppContext, session: SessionInfo, endpoint: Endpoint | undefined) {
  const staff = session.impersonatorId ? await findImpersonator(ctx.db, session.impersonatorId) : null;
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
