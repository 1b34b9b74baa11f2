import type { DbOrTx } from '../../db/client.ts';
import type { Actor, CustomerActor } from '../../lib/actor.ts';
import { writeAudit, type AuditAbout } from '../audit/service.ts';
import { findCustomerById } from '../users/repository.ts';

/**
 * Audit entries of fleet operations: type Profile, what was done to templates, groups and their devices; `about`
 * names the group (or the one device) the entry concerns, for a group-scoped member's list (DECISIONS §12).
 */
export const fleetAudit = (
  tx: DbOrTx,
  customerId: string,
  actor: Actor,
  subType: 'Template' | 'Group' | 'Apply',
  message: string,
  about: AuditAbout = {},
) => writeAudit(tx, { customerId, type: 'Profile', subType, message: message.slice(0, 2000), actor, ...about });

/** "1 device", "12 devices". */
export const deviceCount = (n: number) => (n === 1 ? '1 device' : `${n} devices`);

/** The first 20 names, then "…". */
export const someNames = (names: readonly string[]) =>
  `${names.slice(0, 20).join(', ')}${names.length > 20 ? '…' : ''}`;

/**
 * Who saved a template version or started a rollout, as the console shows it: the customer's email, or the staff
 * member's email marked "(staff)" in a login-as session.
 */
export async function savedBy(db: DbOrTx, actor: CustomerActor) {
  if (actor.impersonatedBy) return `${actor.impersonatedBy.email} (staff)`;
  return (await findCustomerById(db, actor.id))?.email ?? '';
}
