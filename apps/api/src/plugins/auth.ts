import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  API_KEY_SCOPE_DESCRIPTIONS,
  ROLE_DESCRIPTIONS,
  roleCan,
  type ApiKeyScope,
  type Endpoint,
} from '@fleetdeck/contract';
import { accessOfEndpoint, apiKeyScopeOfEndpoint, type EndpointAccess } from '@fleetdeck/contract/access';
import { apiKeyOfHeader, authenticateKey } from '../modules/api-keys/service.ts';
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
import { forbidden, tooMany } from '../lib/errors.ts';
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
    const keyScope = apiKeyScopeOfEndpoint.get(endpoint) ?? null;
    return async function memberGuard(request, reply) {
      const key = apiKeyOfHeader(request.headers.authorization);
      if (key !== null) return keyGuard(ctx, request, reply, key, access, keyScope);
      await authenticate(request, reply);
      if (access === 'signed-in') return;
      const role = roleOf(sessionOf(request).member);
      if (!roleCan(role, access)) {
        throw forbidden(`Your role (${role}: ${ROLE_DESCRIPTIONS[role].toLowerCase()}) does not allow this.`);
      }
    };
  };

/** What a call never open to API keys is, by the permission it needs (DECISIONS §13), for the 403's message. */
const NOT_FOR_KEYS: Partial<Record<EndpointAccess, string>> = {
  'signed-in': "a person's own sign-in, profile and password calls",
  'team.manage': "the account's team",
  'account.write': "the account's settings, API keys and webhooks",
  'billing.write': 'payments and payment methods',
};

/**
 * An API key's request (DECISIONS §13): the key (unknown, revoked or expired: 401), its per-minute limit (headers on
 * every answer, 429 past it), then the scope the endpoint needs (403 `E_SCOPE`). The key acts for the whole account:
 * the session it leaves has no member (an Owner's device scope) and names the key.
 */
async function keyGuard(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  access: EndpointAccess,
  scope: ApiKeyScope | 'public' | null,
) {
  const { key: found, limit } = await authenticateKey(ctx.db, key);
  void reply.headers({
    'ratelimit-limit': String(limit.max),
    'ratelimit-remaining': String(limit.remaining),
    'ratelimit-reset': String(limit.resetSeconds),
  });
  if (limit.exceeded) {
    throw tooMany(
      `This API key made more than ${limit.max} requests this minute. Wait ${limit.resetSeconds} seconds and try again.`,
      'E_RATE_LIMITED',
      limit.resetSeconds,
    );
  }
  if (scope === null) {
    throw forbidden(`API keys cannot call this: ${NOT_FOR_KEYS[access] ?? 'a call of the console only'}.`, 'E_SCOPE');
  }
  if (scope !== 'public' && !found.scopes.includes(scope)) {
    throw forbidden(
      `This API key lacks the scope "${scope}" this call needs (${API_KEY_SCOPE_DESCRIPTIONS[scope].toLowerCase()}).`,
      'E_SCOPE',
    );
  }
  request.session = {
    sessionId: found.id,
    subjectId: found.customerId,
    impersonatorId: null,
    expiresAt: found.expiresAt ?? KEY_NEVER_EXPIRES,
    member: null,
    apiKey: { id: found.id, name: found.name, scopes: found.scopes },
  };
}

/** A key without an expiry, as SessionInfo's `expiresAt` (no route open to keys reads it). */
const KEY_NEVER_EXPIRES = new Date('9999-12-31T00:00:00Z');

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
    apiKey: sessionOf(request).apiKey ?? null,
  };
}

/**
 * Whether the caller may read the account's billing (DECISIONS §12: Owners, Billing members, Admins do; Technicians
 * and Viewers do not; §13: an API key with `billing:read`). A list open to the others leaves billing's rows out — the
 * audit log's Payments rows, which name amounts and cards.
 */
export function mayReadBilling(request: FastifyRequest): boolean {
  const session = sessionOf(request);
  if (session.apiKey) return session.apiKey.scopes.includes('billing:read');
  return roleCan(roleOf(session.member), 'billing.read');
}

/** The devices the signed-in member may see and act on (DECISIONS §12 group scope); see `lib/device-scope.ts`. */
export const deviceScopeOf = (request: FastifyRequest): DeviceScope =>
  scopeOf({ id: sessionOf(request).subjectId, member: sessionOf(request).member });
