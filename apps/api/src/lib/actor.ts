import type { AuditSource, MemberRole } from '@fleetdeck/contract';
import type { StaffRole } from '@fleetdeck/contract/staff';

/**
 * Who performs a write. Services take an actor instead of loose `customerId, ip` pairs, so the audit trail can say
 * who did what (DECISIONS §8: a staff member acting on a customer's data is named) and the `source` of an audit row
 * follows from it instead of being written at each call.
 */
export type Actor =
  | {
      kind: 'customer';
      /** The customer whose data the write touches. */
      id: string;
      ip: string | null;
      userAgent?: string | null;
      /** Login-as (DECISIONS §8): the staff member acting in the customer's console; the audit names them. */
      impersonatedBy?: { id: string; email: string } | null;
      /**
       * The person of the account who acts (DECISIONS §12), with their role and group scope; absent for work done
       * for the account as a whole (a background job, a seed).
       */
      member?: SignedInMember | null;
      /** An API key acting for the account (DECISIONS §13): the audit names the key. */
      apiKey?: { id: string; name: string } | null;
    }
  | { kind: 'staff'; id: string; role: StaffRole; ip: string | null; userAgent?: string | null }
  | { kind: 'device'; id: string; customerId: string; ip: string | null }
  /** Someone not signed in whose account is unknown (a failed login of an unknown email). */
  | { kind: 'anonymous'; id: null; ip: string | null }
  | { kind: 'system'; id: null; ip: null };

/** A signed-in member of a customer account: the role the server enforces and the groups they are limited to. */
export interface SignedInMember {
  id: string;
  role: MemberRole;
  /** null: every group of the account. */
  groupIds: string[] | null;
}

/** Who an audit row names: `member` is a person of a customer account (DECISIONS §12), `api_key` a key (§13). */
export type ActorKind = Actor['kind'] | 'member' | 'api_key';

export const SYSTEM: Actor = { kind: 'system', id: null, ip: null };

/** The audit `source`: what the apps do is "App", what people do in the console (and the system) is "Web". */
export const sourceOf = (actor: Actor): AuditSource => (actor.kind === 'device' ? 'App' : 'Web');

/**
 * Who is written into an audit row: the staff member behind a login-as session, else the member of the account who
 * acted, else the actor itself.
 */
export const auditedActor = (actor: Actor): { kind: ActorKind; id: string | null } => {
  if (actor.kind === 'customer' && actor.impersonatedBy) return { kind: 'staff', id: actor.impersonatedBy.id };
  if (actor.kind === 'customer' && actor.apiKey) return { kind: 'api_key', id: actor.apiKey.id };
  if (actor.kind === 'customer' && actor.member) return { kind: 'member', id: actor.member.id };
  return { kind: actor.kind, id: actor.id };
};

export type CustomerActor = Extract<Actor, { kind: 'customer' }>;
export type StaffActor = Extract<Actor, { kind: 'staff' }>;
export type DeviceActor = Extract<Actor, { kind: 'device' }>;
