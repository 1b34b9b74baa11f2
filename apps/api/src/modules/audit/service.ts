import type { AuditSource, AuditSubType, AuditType } from '@fleetdeck/contract';
import type { StaffAuditSubType } from '@fleetdeck/contract/staff';
import type { DbOrTx } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';
import { auditedActor, sourceOf, type Actor } from '../../lib/actor.ts';

type AuditFacts = {
  /** The customer whose trail shows the row (null for failed logins of unknown emails and staff accounts' rows). */
  customerId: string | null;
  email?: string | null;
  message: string;
  hasError?: boolean;
} & ({ type: AuditType; subType: AuditSubType } | { type: 'Staff Account'; subType: StaffAuditSubType });

/** An audit row: what happened, and the actor who did it (its kind, id, address and the row's source follow). */
export type AuditEvent = AuditFacts & { actor: Actor };
/** Callers not yet moved onto an actor: a written source and address, no actor. Removed once every area has moved. */
export type LegacyAuditEvent = AuditFacts & { source: AuditSource; ip?: string | null };

/** Writes one audit entry, inside the caller's transaction when it has one. */
export async function writeAudit(tx: DbOrTx, event: AuditEvent | LegacyAuditEvent) {
  const actor = 'actor' in event ? event.actor : null;
  const who = actor ? auditedActor(actor) : null;
  await tx.insert(auditEntries).values({
    customerId: event.customerId,
    email: event.email ?? null,
    type: event.type,
    subType: event.subType,
    message: event.message,
    source: actor ? sourceOf(actor) : (event as LegacyAuditEvent).source,
    hasError: event.hasError ?? false,
    ip: actor ? actor.ip : ((event as LegacyAuditEvent).ip ?? null),
    actorKind: who?.kind ?? null,
    actorId: who?.id ?? null,
  });
}
