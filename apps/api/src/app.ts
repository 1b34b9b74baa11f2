import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { EVENTS_MAX_WAIT_SECONDS, type ErrorResponse } from '@fleetdeck/contract';
import type { AppContext } from './context.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { requestLoggerOf } from './logger.ts';
import { RequestLog } from './plugins/request-log.ts';
import { htmlFor, loadIndexHtml, sendIndexHtml } from './plugins/index-html.ts';
import {
  docsCspWithoutUpgrade,
  isVideoPagePath,
  securityHeaders,
  withVideoFrames,
} from './plugins/security-headers.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { openApiOptions } from './plugins/openapi.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { qrRoutes } from './modules/qr/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { planRoutes } from './modules/plans/routes.ts';
import { licenceRoutes } from './modules/licences/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { sandboxRoutes } from './modules/sandbox/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { customerDeviceRoutes, deviceApiRoutes } from './modules/devices/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { policyDeviceRoutes, policyRoutes } from './modules/policy/routes.ts';
import { rolloutRoutes } from './modules/fleet/rollouts-routes.ts';
import { bulkActionRoutes } from './modules/fleet/bulk-actions-routes.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { publicContentRoutes, uploadRoutes } from './modules/content/routes.ts';
import { siteSettingRoutes } from './modules/site-settings/routes.ts';
import { pageViewRoutes } from './modules/public/page-views/routes.ts';
import { apkDownloadRoutes, publicApkRoutes } from './modules/apks/routes.ts';
import { groupRoutes, templateRoutes } from './modules/fleet/routes.ts';
import { commandDeviceRoutes, commandRoutes } from './modules/commands/routes.ts';
import { teamRoutes } from './modules/team/routes.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { webhookEndpointRoutes } from './modules/webhook-endpoints/routes.ts';
import { staffRoutes } from './modules/staff/index.ts';

export interface BuildOptions {
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
}

export const REQUEST_TIMEOUT_MS = 30_000;
export const CONNECTION_TIMEOUT_MS = (EVENTS_MAX_WAIT_SECONDS + 30) * 1000;
/**
 * Open sockets one process accepts beyond its long-polls (MAX_LONG_POLLS, issue 14: 20,000 by default); beyond, new
 * connections are closed at once.
 */
export const MAX_CONNECTIONS_BESIDES_LONG_POLLS = 10_000;

/** A hop count trusts the nearest `n` proxies (as proxy-addr does with a number), a list its addresses and CIDRs. */
function trustProxyOption(value: false | number | string[]) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the HTTP application. `server.ts` starts it; tests drive it through `app.inject`. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const headers = securityHeaders(ctx.config);
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    // TRUST_PROXY (DECISIONS §3): request.ip is the client's address behind that many proxies or those CIDRs.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Timeouts and caps (issue 12, item 7). A request (headers and body) must arrive within 30 s (slow senders
    // cannot hold sockets); an idle socket is closed after 90 s, beyond the longest long-poll (GET events?wait=60).
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: 72_000,
    genReqId: () => crypto.randomUUID(),
    logController: new RequestLog(requestLoggerOf(ctx.logger)),
    // Errors raised before a route runs answer the envelope too (issue 12, item 9).
    frameworkErrors: frameworkErrors(headers),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  app.decorateRequest('device', null);
  app.decorateRequest('staff', null);
  app.decorateRequest('impersonator', null);
  app.decorateRequest('customerRow', null);
  // The API speaks JSON only; other bodies get a clear 415 instead of a confusing validation error.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);
  app.server.maxConnections = ctx.config.maxLongPolls + MAX_CONNECTIONS_BESIDES_LONG_POLLS;

  // Security headers (CSP, nosniff, referrer policy, frame options…) on every answer, computed once.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Answers to authenticated API calls are never stored by a browser or a proxy (issue 12, item 8), unless the
  // route chose its own caching.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization && request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // Idempotency-Key on the customer API's POSTs (DECISIONS §13); its onSend keeps the answer before compression.
  registerIdempotency(app, ctx);

  // On-the-fly compression of text answers above 1 KB (JSON lists, the API docs). Not on the routes whose answers
  // are always tiny (health checks) or already compressed at build (the web app's files, served precompressed
  // below); requests bodies are never decompressed (the API takes plain JSON only).
  app.addHook('onRoute', (route) => {
    route.decompress = false;
    const file = (route.config as { file?: unknown } | undefined)?.file;
    if (route.url === '/healthz' || route.url === '/readyz' || typeof file === 'string') route.compress = false;
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // The OpenAPI document (plugins/openapi.ts): operationIds, security, files and shared errors from the tables.
  await app.register(swagger, openApiOptions(ctx.config));
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: docsCspWithoutUpgrade,
  });

  // Prometheus metrics (issue 14): counts every answer, so it comes before the routes.
  registerMetrics(app, ctx);
  await app.register(healthRoutes(ctx));
  await app.register(qrRoutes(ctx));
  await app.register(userRoutes(ctx));
  // The modules below declare full paths (/api/v1/admin/..., /api/v1/sandbox/..., /api/v1/webhooks/...).
  await app.register(planRoutes(ctx));
  await app.register(licenceRoutes(ctx));
  await app.register(paymentRoutes(ctx));
  await app.register(captchaRoutes(ctx));
  await app.register(sandboxRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  await app.register(deviceApiRoutes(ctx));
  await app.register(customerDeviceRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(activityRoutes(ctx));
  await app.register(chatRoutes(ctx));
  await app.register(policyDeviceRoutes(ctx));
  await app.register(policyRoutes(ctx));
  // Fleet operations (DECISIONS §10): templates, groups and drift.
  await app.register(templateRoutes(ctx));
  await app.register(groupRoutes(ctx));
  await app.register(rolloutRoutes(ctx));
  await app.register(bulkActionRoutes(ctx));
  // Remote commands (DECISIONS §11): the console's calls and the device's result.
  await app.register(commandRoutes(ctx));
  await app.register(commandDeviceRoutes(ctx));
  await app.register(teamRoutes(ctx));
  await app.register(apiKeyRoutes(ctx));
  await app.register(webhookEndpointRoutes(ctx));
  // The back office (spec 3) under /api/v1/super-admin: every route guarded by its area's roles.
  await app.register(staffRoutes(ctx));
  // Website content (spec 3 §7 Content), the public site's calls (DECISIONS §9) and the uploaded pictures.
  await app.register(publicContentRoutes(ctx));
  await app.register(uploadRoutes(ctx));
  await app.register(siteSettingRoutes(ctx));
  await app.register(pageViewRoutes(ctx));
  await app.register(publicApkRoutes(ctx));
  await app.register(apkDownloadRoutes(ctx));

  const webDist = ctx.config.webDist;
  const indexFile = path.join(webDist, 'index.html');
  const serveWeb = (opts.serveWeb ?? true) && fs.existsSync(indexFile);
  const indexHtml = serveWeb ? loadIndexHtml(webDist, ctx.config.productName) : null;
  if (serveWeb) {
    const assetsDir = `${path.sep}assets${path.sep}`;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside every text file (apps/web/vite.config.ts): sent as the browser
      // accepts them, with no compression work per request. index.html is answered from memory (below).
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'index.html', 'admin.html', '.vite/**'],
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; anything else (favicon…) is revalidated (send adds ETag and Last-Modified).
        res.setHeader(
          'cache-control',
          filePath.includes(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage =
      request.method === 'GET' &&
      !url.startsWith('/api/') &&
      (!path.extname(url) || url === '/index.html' || url === '/admin.html');
    if (indexHtml && wantsPage) {
      // The public /videos page embeds YouTube and Vimeo players; no other page may frame them (issue 24). The site's
      // links to /videos load the page anew, so it always arrives with this policy.
      if (isVideoPagePath(url) && headers['content-security-policy']) {
        reply.header('content-security-policy', withVideoFrames(headers['content-security-policy']));
      }
      return sendIndexHtml(htmlFor(indexHtml, url), request, reply);
    }
    const body: ErrorResponse = {
      respones_msg: url.startsWith('/api/') ? `No API route ${request.method} ${url}.` : 'Not found.',
      code: 'E_NOT_FOUND',
    };
    return reply.status(404).send(body);
  });

  return app;
}
