import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { canUseArea, type StaffArea, type StaffEndpoint, type StaffRole } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../context.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { areaRoutes, type RouteDoc, type EndpointHandler } from '../../lib/area-routes.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
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
export function staffAreaRoutes(
  ctx: AppContext,
  tags: string[],
  register: (route: StaffRouteFn) => void,
): FastifyPluginAsync {
  const routes = areaRoutes(
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
  return async (app, options) => {
    // Before the file's first bytes leave (onSend is awaited before the payload is written).
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.staff && reply.statusCode === 200 && isCsvExport(reply)) await auditExport(ctx, request, reply);
      return payload;
    });
    await routes(app, options);
  };
}

const isCsvExport = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('text/csv');

/**
 * A bulk export leaves the back office with customer data in a file (issue 24): every CSV a list answers
 * (`isExportData=true`, lib/csv-export.ts `sendCsv`) is audited with the staff member, the file and its filters,
 * once its first rows are read (an empty export is a 404 and no file).
 */
async function auditExport(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const file = /filename="([^"]+)"/.exec(String(reply.getHeader('content-disposition') ?? ''))?.[1] ?? 'export.csv';
  const filters = Object.entries((request.query ?? {}) as Record<string, unknown>)
    .filter(([key, value]) => key !== 'isExportData' && value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`);
  await writeAudit(ctx.db, {
    customerId: null,
    email: null,
    type: 'Staff Account',
    subType: 'Data Exported',
    message: `Exported ${file}${filters.length ? ` (${filters.join(', ')})` : ''}`,
    actor: staffActorOf(request),
  });
}
