import type { AuditSource } from '@fleetdeck/contract';
import type { StaffRole } from '@fleetdeck/contract/staff';

/**
 * Who performs a write. Services take an actor instead of loose `customerId, ip` pairs, so the audit trail can say
 * who did what (DECISIONS §8: a staff member acting on a customer's data is named) and the `source` of an audit row
 * follows from it instead of being written at each call.
 */
export type Actor =
  | { kind: 'customer'; id: string; ip: string | null; userAgent?: string | null }
  | { kind: 'staff'; id: string; role: StaffRole; ip: string | null; userAgent?: string | null }
  | { kind: 'device'; id: string; customerId: string; ip: string | null }
  | { kind: 'system'; id: null; ip: null };

export type ActorKind = Actor['kind'];

export const SYSTEM: Actor = { kind: 'system', id: null, ip: null };

/** The audit `source`: what the apps do is "App", what people do in the console (and the system) is "Web". */
export const sourceOf = (actor: Actor): AuditSource => (actor.kind === 'device' ? 'App' : 'Web');

export type CustomerActor = Extract<Actor, { kind: 'customer' }>;
export type StaffActor = Extract<Actor, { kind: 'staff' }>;
export type DeviceActor = Extract<Actor, { kind: 'device' }>;
