import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@fleetdeck/contract';
import type { AppContext } from './context.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { qrRoutes } from './modules/qr/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { planRoutes } from './modules/plans/routes.ts';
import { licenceRoutes } from './modules/licences/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { sandboxRoutes } from './modules/sandbox/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { policyRoutes } from './modules/policy/routes.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { staffSessionRoutes } from './modules/staff/session/routes.ts';
import { staffAccountRoutes } from './modules/staff/accounts/routes.ts';
import { loginAsRoutes } from './modules/staff/login-as/routes.ts';
import { staffDashboardRoutes } from './modules/staff/dashboard/routes.ts';

export interface BuildOptions {
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  trustProxy?: boolean;
}

/** Builds the HTTP application. `server.ts` starts it; tests drive it through `app.inject`. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  app.decorateRequest('device', null);
  app.decorateRequest('staff', null);
  app.decorateRequest('impersonator', null);
  // The API speaks JSON only; other bodies get a clear 415 instead of a confusing validation error.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);

  // Stripe.js and its card iframe come from Stripe's hosts; allowed only when Stripe is the provider.
  const stripe = ctx.config.paymentProvider === 'stripe';
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeConnect = stripe ? ['https://api.stripe.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeScripts],
        // Mantine sets style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // QR images are addressed with PUBLIC_URL, which may differ from the host the browser used.
        imgSrc: ["'self'", new URL(ctx.config.publicUrl).origin, 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripeConnect],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", ...stripeFrames],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${ctx.config.productName} API`,
        version: '1.0.0',
        description:
          'Customer API under /api/v1/admin, staff API under /api/v1/super-admin, device API under /api/v1/device. ' +
          'Every answer carries `respones_msg`; failures also carry a stable `code`. Send the token as `authorization: <token>` (or `Bearer <token>`).',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

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
  await app.register(deviceRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(activityRoutes(ctx));
  await app.register(chatRoutes(ctx));
  await app.register(policyRoutes(ctx));
  // The back office (spec 3) under /api/v1/super-admin: every route guarded by its area's roles.
  await app.register(staffSessionRoutes(ctx));
  await app.register(staffAccountRoutes(ctx));
  await app.register(loginAsRoutes(ctx));
  await app.register(staffDashboardRoutes(ctx));

  const webDist = ctx.config.webDist;
  const indexHtml = path.join(webDist, 'index.html');
  const serveWeb = (opts.serveWeb ?? true) && fs.existsSync(indexHtml);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be fetched fresh.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url);
    if (serveWeb && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorResponse = {
      respones_msg: url.startsWith('/api/') ? `No API route ${request.method} ${url}.` : 'Not found.',
      code: 'E_NOT_FOUND',
    };
    return reply.status(404).send(body);
  });

  return app;
}
