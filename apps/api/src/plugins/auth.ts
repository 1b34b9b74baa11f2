import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ROLE_DESCRIPTIONS, roleCan, type Endpoint } from '@fleetdeck/contract';
import { accessOfEndpoint } from '@fleetdeck/contract/access';
import type { AppContext } from '../context.ts';
import { checkImpersonation } from '../modules/sessions/impersonation.ts';
import {
  authenticate,
  authenticateCustomerWithRow,
  type Realm,
  type SessionInfo,
} from '../modules/sessions/service.ts';
import type { customers } from '../db/schema.ts';
import type { CustomerActor, SignedInMember } from '../lib/actor.ts';
import { forbidden } from '../lib/errors.ts';
import { scopeOf, type DeviceScope } from '../lib/device-scope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
    /** The staff member behind a login-as customer session (DECISIONS §8), or null. */
    impersonator: { id: string; email: string } | null;
    /** The signed-in customer's row, on the routes that ask for it (`config.withCustomerRow`), else null. */
    customerRow: typeof customers.$inferSelect | null;
  }
  interface FastifyContextConfig {
    /** The customer guard reads the customer's row with the session, in the same query (see `customerRow`). */
    withCustomerRow?: boolean;
  }
}

/** preHandler for a realm: customer tokens never open staff routes and the reverse. */
export const requireSession =
  (ctx: AppContext, realm: Realm) =>
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    let session: SessionInfo;
    if (realm === 'customer' && request.routeOptions.config.withCustomerRow) {
      const found = await authenticateCustomerWithRow(ctx.db, request.headers.authorization);
      session = found.session;
      request.customerRow = found.customer;
    } else {
      session = await authenticate(ctx.db, realm, request.headers.authorization);
    }
    request.session = session;
    if (session.impersonatorId) {
      request.impersonator = await checkImpersonation(ctx, session, request.routeOptions.config.endpoint);
    }
  };

/**
 * The customer areas' guard (DECISIONS §12), per endpoint: the session, then the permission the endpoint needs in
 * `CUSTOMER_ENDPOINT_ACCESS` held by the member's role (403 otherwise). An endpoint the table does not place as a
 * signed-in call stops start-up (deny by default, like the staff areas).
 */
export const requireMember =
  (ctx: AppContext) =>
  (endpoint: Endpoint): preHandlerAsyncHookHandler => {
    const access = accessOfEndpoint.get(endpoint);
    if (!access || access === 'public' || access === 'device') {
      throw new Error(
        `customer route ${endpoint.method} ${endpoint.path} has no member permission in CUSTOMER_ENDPOINT_ACCESS` +
          (access ? ` (it is marked ${access})` : ''),
      );
    }
    const authenticate = requireSession(ctx, 'customer');
    return async function memberGuard(request, reply) {
      await authenticate(request, reply);
      if (access === 'signed-in') return;
      const role = roleOf(sessionOf(request).member);
      if (!roleCan(role, access)) {
        throw forbidden(`Your role (${role}: ${ROLE_DESCRIPTIONS[role].toLowerCase()}) does not allow this.`);
      }
    };
  };

/** A session without a member (older than the team, or login-as) is the account's registrant: an Owner. */
export const roleOf = (member: SignedInMember | null) => member?.role ?? 'Owner';

/** The session of a route guarded by requireSession. */
export function sessionOf(request: FastifyRequest): SessionInfo {
  if (!request.session) throw new Error('route is missing its requireSession guard');
  return request.session;
}

export const metaOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** The signed-in customer of a guarded route, as the actor of its writes. */
export function customerActorOf(request: FastifyRequest): CustomerActor {
  return {
    kind: 'customer',
    id: sessionOf(request).subjectId,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    impersonatedBy: request.impersonator,
    member: sessionOf(request).member,
  };
}

/** The devices the signed-in member may see and act on (DECISIONS §12 group scope); see `lib/device-scope.ts`. */
export const deviceScopeOf = (request: FastifyRequest): DeviceScope =>
  scopeOf({ id: sessionOf(request).subjectId, member: sessionOf(request).member });
