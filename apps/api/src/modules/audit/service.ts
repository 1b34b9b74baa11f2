import type { AuditSubType, AuditType } from '@fleetdeck/contract';
import type { PricingAuditSubType, StaffAuditSubType } from '@fleetdeck/contract/staff';
import type { DbOrTx } from '../../db/client.ts';
import { insertAuditEntries } from './repository.ts';
import { auditedActor, sourceOf, type Actor } from '../../lib/actor.ts';

/**
 * What a Device or Profile row is about: the one device it concerns, or the group (DECISIONS §12: a group-scoped
 * member sees such a row only for their groups and their groups' devices). Neither for a row about several devices of
 * no one group.
 */
export interface AuditAbout {
  deviceId?: string | null;
  groupId?: string | null;
}

type AuditFacts = {
  /** The customer whose trail shows the row (null for failed logins of unknown emails and staff accounts' rows). */
  customerId: string | null;
  email?: string | null;
  message: string;
  hasError?: boolean;
} & AuditAbout &
  (
    | { type: AuditType; subType: AuditSubType }
    | { type: 'Staff Account'; subType: StaffAuditSubType }
    | { type: 'Pricing'; subType: PricingAuditSubType }
  );

/** An audit row: what happened, and the actor who did it (its kind, id, address and the row's source follow). */
export type AuditEvent = AuditFacts & { actor: Actor };

const auditRow = (event: AuditEvent) => {
  const { actor } = event;
  const who = auditedActor(actor);
  return {
    customerId: event.customerId,
    email: event.email ?? null,
    type: event.type,
    subType: event.subType,
    message: event.message,
    source: sourceOf(actor),
    hasError: event.hasError ?? false,
    ip: actor.ip,
    actorKind: who.kind,
    actorId: who.id,
    deviceId: event.deviceId ?? null,
    groupId: event.groupId ?? null,
  };
};

/** Writes one audit entry, inside the caller's transaction when it has one. */
export async function writeAudit(tx: DbOrTx, event: AuditEvent) {
  await insertAuditEntries(tx, [auditRow(event)]);
}

/** Writes several audit entries in one statement (a batch of device reports), in the caller's transaction. */
export async function writeAudits(tx: DbOrTx, events: readonly AuditEvent[]) {
  if (events.length > 0) await insertAuditEntries(tx, events.map(auditRow));
}
