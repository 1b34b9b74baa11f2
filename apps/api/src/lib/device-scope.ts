import { GROUP_SCOPED_ROLES, type MemberRole } from '@fleetdeck/contract';
import type { Actor, CustomerActor } from './actor.ts';

/**
 * The devices a caller may see and act on (DECISIONS §12): the account's, limited to some groups for an Admin,
 * Technician or Viewer whose `groupIds` are set. Repositories that read or write devices (profiles), groups, rollouts,
 * commands, device logs and the dashboard counts take this instead of a bare customer id, so a device outside the
 * scope is simply not found (404), as another account's is.
 */
export interface DeviceScope {
  customerId: string;
  /** null: every group of the account (and devices in no group). */
  groupIds: readonly string[] | null;
}

/** The whole account: background jobs, the registrant, Owners and Billing members. */
export const accountScope = (customerId: string): DeviceScope => ({ customerId, groupIds: null });

const scopedRole = (role: MemberRole) => (GROUP_SCOPED_ROLES as readonly MemberRole[]).includes(role);

/** The scope of a customer actor: its member's groups when the role is group-scoped. */
export function scopeOf(actor: Pick<CustomerActor, 'id' | 'member'>): DeviceScope {
  const member = actor.member;
  return {
    customerId: actor.id,
    groupIds: member && scopedRole(member.role) && member.groupIds ? member.groupIds : null,
  };
}

/**
 * The scope of any actor writing to `customerId`'s devices: a customer actor's own (its member's groups), the whole
 * account for the system, a device or staff (their checks happened before, e.g. when a bulk action was created).
 */
export const scopeOfActor = (actor: Actor, customerId: string): DeviceScope =>
  actor.kind === 'customer' && actor.id === customerId ? scopeOf(actor) : accountScope(customerId);

/** Whether the scope is limited to some groups (a group-scoped member). */
export const isGroupScoped = (scope: DeviceScope): scope is DeviceScope & { groupIds: readonly string[] } =>
  scope.groupIds !== null;
