import type { AuditSource, AuditSubType, AuditType } from '@fleetdeck/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';

export interface AuditEvent {
  customerId: string | null;
  email?: string | null;
  type: AuditType;
  subType: AuditSubType;
  message: string;
  source: AuditSource;
  hasError?: boolean;
  ip?: string | null;
}

/** Writes one audit entry, inside the caller's transaction when it has one. */
export async function writeAudit(tx: DbOrTx, event: AuditEvent) {
  await tx.insert(auditEntries).values({
    customerId: event.customerId,
    email: event.email ?? null,
    type: event.type,
    subType: event.subType,
    message: event.message,
    source: event.source,
    hasError: event.hasError ?? false,
    ip: event.ip ?? null,
  });
}
