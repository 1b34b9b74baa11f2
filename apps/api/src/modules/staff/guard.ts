import type { FastifyRequest } from 'fastify';
import { canUseArea, type StaffArea, type StaffEndpoint, type StaffRole } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../context.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { areaRoutes, type RouteDoc, type EndpointHandler } from '../../lib/area-routes.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { authenticate, revokeSession } from '../sessions/service.ts';
import { findStaffById } from './repository.ts';

export interface StaffPrincipal {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal | null;
  }
}

/**
 * The back office's authorisation: a staff token (never a customer's or a device's), an enabled account, and a role
 * the endpoint's area allows (DECISIONS §8; `STAFF_AREAS` in the contract). A disabled account's session ends here
 * even if a revocation was missed.
 */
export const staffGuard = (ctx: AppContext, area: StaffArea) => async (request: FastifyRequest) => {
  const session = await authenticate(ctx.db, 'staff', request.headers.authorization);
  const staff = await findStaffById(ctx.db, session.subjectId);
  if (!staff || staff.disabledAt) {
    await revokeSession(ctx.db, session.sessionId, 'staff account disabled');
    throw unauthorized('This staff account has been disabled.', 'E_ACCOUNT_DISABLED');
  }
  if (!canUseArea(staff.role, area)) {
    throw forbidden('Your role does not give you access to this part of the back office.');
  }
  request.session = session;
  request.staff = { id: staff.id, email: staff.email, name: staff.name, role: staff.role };
};

/** The signed-in staff member of a guarded staff route. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new Error('route is missing its staff guard');
  return request.staff;
}

export function staffActorOf(request: FastifyRequest): StaffActor {
  const staff = staffOf(request);
  return {
    kind: 'staff',
    id: staff.id,
    role: staff.role,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

type StaffRouteFn = <E extends StaffEndpoint>(endpoint: E, doc: RouteDoc, handler: EndpointHandler<E>) => void;

/**
 * A back-office area's routes. Every endpoint names its area in the contract and gets that area's role guard; one
 * registered here without an area stops start-up (deny by default). `area: null` marks the sign-in calls.
 */
export function staffAreaRoutes(ctx: AppContext, tags: string[], register: (route: StaffRouteFn) => void) {
  return areaRoutes(
    {
      tags,
      guardFor: (endpoint) => {
        const area = (endpoint as Partial<StaffEndpoint>).area;
        if (area === undefined) throw new Error(`staff route ${endpoint.method} ${endpoint.path} names no area`);
        if (area === null) throw new Error(`staff route ${endpoint.method} ${endpoint.path} is public: mark it so`);
        return staffGuard(ctx, area);
      },
    },
    (route) =>
      register((endpoint, doc, handler) => route(endpoint, { ...doc, public: endpoint.area === null }, handler)),
  );
}
