import type { AuditSource, AuditSubType, AuditType } from '@fleetdeck/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';
import { sourceOf, type Actor } from '../../lib/actor.ts';

interface AuditFacts {
  /** The customer whose trail shows the row (null for failed logins of unknown emails). */
  customerId: string | null;
  email?: string | null;
  type: AuditType;
  subType: AuditSubType;
  message: string;
  hasError?: boolean;
}

/** An audit row: what happened, and the actor who did it (its kind, id, address and the row's source follow). */
export type AuditEvent = AuditFacts & { actor: Actor };
/** Callers not yet moved onto an actor: a written source and address, no actor. Removed once every area has moved. */
export type LegacyAuditEvent = AuditFacts & { source: AuditSource; ip?: string | null };

/** Writes one audit entry, inside the caller's transaction when it has one. */
export async function writeAudit(tx: DbOrTx, event: AuditEvent | LegacyAuditEvent) {
  const actor = 'actor' in event ? event.actor : null;
  await tx.insert(auditEntries).values({
    customerId: event.customerId,
    email: event.email ?? null,
    type: event.type,
    subType: event.subType,
    message: event.message,
    source: actor ? sourceOf(actor) : (event as LegacyAuditEvent).source,
    hasError: event.hasError ?? false,
    ip: actor ? actor.ip : ((event as LegacyAuditEvent).ip ?? null),
    actorKind: actor?.kind ?? null,
    actorId: actor?.id ?? null,
  });
}
