import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type {
  Endpoint,
  EndpointBodyOut,
  EndpointParamsOut,
  EndpointQueryOut,
  EndpointReply,
} from '@fleetdeck/contract';
import type { $ZodType } from 'zod/v4/core';
import { replies } from './route-schema.ts';

/** The OpenAPI text of one route; the method, path and schemas come from its endpoint. */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** Reachable without the area's guard (e.g. login in the identity area). */
  public?: boolean;
  /** Overrides the area's tags (a call documented with another group). */
  tags?: string[];
  /** Left out of the OpenAPI document. */
  hide?: boolean;
  /** Request headers the route reads, documented and validated (e.g. Stripe's `stripe-signature`). */
  headers?: $ZodType;
  /** Answers beside the success and the error envelope (e.g. `304` of a conditional GET, a documented `402`). */
  responses?: Record<number, $ZodType>;
  /** Route options Fastify takes as they are (bodyLimit, config, …). */
  options?: { bodyLimit?: number; config?: Record<string, unknown> };
}

/** A request as its handler sees it: query, params and body already validated by the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'query' | 'params' | 'body'> & {
  query: EndpointQueryOut<E>;
  params: EndpointParamsOut<E>;
  body: EndpointBodyOut<E>;
};

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply> | EndpointReply<E> | FastifyReply;

/** Registers one endpoint's route in an area. */
export type RouteFn = <E extends Endpoint>(endpoint: E, doc: RouteDoc, handler: EndpointHandler<E>) => void;

export interface AreaOptions {
  /** OpenAPI group of every route of the area. */
  tags: string[];
  /** The area's authorisation, run before every non-public route, ahead of validation. */
  guard?: preHandlerAsyncHookHandler;
  /**
   * Authorisation that depends on the endpoint (the back office: the roles of the endpoint's area). It may throw to
   * refuse registering an endpoint it cannot place, which stops start-up (deny by default).
   */
  guardFor?: (endpoint: Endpoint) => preHandlerAsyncHookHandler;
  /** OpenAPI security scheme the guard checks (`token` or `deviceToken`). */
  security?: 'token' | 'deviceToken';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `areaRoutes` for a route its area's guard does not run on. */
    publicRoute?: boolean;
    /** The endpoint of the table the route was registered from. */
    endpoint?: Endpoint;
  }
}

/**
 * An area's routes as one scoped plugin: the guard is set once for the area, and every route's OpenAPI `tags` and
 * `security` are filled from it in `onRoute`, so no route can forget them. Routes are registered from the contract's
 * endpoint table: `route(usersApi.login, { summary, public: true }, handler)`.
 */
export function areaRoutes(
  options: AreaOptions,
  register: (route: RouteFn, app: FastifyInstance) => void | Promise<void>,
): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRoute', (routeOptions) => {
      const isPublic = routeOptions.config?.publicRoute === true;
      const schema = (routeOptions.schema ??= {}) as Record<string, unknown>;
      schema.tags ??= options.tags;
      const endpoint = routeOptions.config?.endpoint;
      const guard = isPublic ? undefined : options.guardFor && endpoint ? options.guardFor(endpoint) : options.guard;
      if (guard) {
        schema.security = [{ [options.security ?? 'token']: [] }];
        // Before validation: a caller without the right token learns nothing about the route's input rules.
        const existing = routeOptions.preValidation;
        routeOptions.preValidation = [guard, ...(existing ? [existing].flat() : [])];
      }
    });

    const route: RouteFn = (endpoint, doc, handler) => {
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        ...doc.options,
        config: { ...doc.options?.config, publicRoute: doc.public === true, endpoint },
        schema: {
          summary: doc.summary,
          ...(doc.description ? { description: doc.description } : {}),
          ...(doc.tags ? { tags: doc.tags } : {}),
          ...(doc.hide ? { hide: true } : {}),
          ...(doc.headers ? { headers: doc.headers } : {}),
          ...(endpoint.params ? { params: endpoint.params } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          ...(endpoint.body ? { body: endpoint.body } : {}),
          response: { ...replies(endpoint.response), ...doc.responses },
        },
        handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
      });
    };
    await register(route, app);
  };
}

/** What a call answers in `data`. */
type ReplyData<E extends Endpoint> = EndpointReply<E> extends { data: infer D } ? D : never;

/**
 * The handler most calls have: `{ respones_msg: message, data }` with `data` what `load` answers for the request, so
 * a route says only its message and the service call: `answer('Coupon created', (req) => create(ctx, req.body))`.
 */
export function answer<E extends Endpoint>(
  message: string,
  load: (request: EndpointRequest<E>) => Promise<ReplyData<E>> | ReplyData<E>,
): EndpointHandler<E> {
  return async (request) => ({ respones_msg: message, data: await load(request) }) as EndpointReply<E>;
}

/** The handler of a list call: `{ respones_msg: message, ...page }` with the page (`data`, `pagination`) `load` answers. */
export function answerList<E extends Endpoint>(
  message: string,
  load: (request: EndpointRequest<E>) => Promise<Omit<EndpointReply<E>, 'respones_msg'>>,
): EndpointHandler<E> {
  return async (request) => ({ respones_msg: message, ...(await load(request)) }) as EndpointReply<E>;
}

/** The handler of a call that answers only its message: `{ respones_msg: message }` once `act` has done its work. */
export function answerMessage<E extends Endpoint>(
  message: string,
  act: (request: EndpointRequest<E>) => Promise<unknown>,
): EndpointHandler<E> {
  return async (request) => {
    await act(request);
    return { respones_msg: message } as EndpointReply<E>;
  };
}
