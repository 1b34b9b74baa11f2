import fs from 'node:fs';
import path from 'node:path';
import { healthApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { MIGRATIONS_DIR } from '../../db/client.ts';
import { areaRoutes } from '../../lib/area-routes.ts';
import { appliedMigrations } from './repository.ts';

const expectedMigrations = (): number =>
  (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

/** Liveness, readiness and the public settings of the web app (`healthApi`). */
export const healthRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Operations'] }, (route) => {
    route(healthApi.healthz, { summary: 'Process alive' }, () => ({ status: 'ok' }));

    const wanted = expectedMigrations();
    route(
      healthApi.readyz,
      { summary: 'Database reachable and migrated', responses: { 503: healthApi.readyz.response } },
      async (_req, reply) => {
        try {
          const applied = await appliedMigrations(ctx.db);
          if (applied < wanted)
            return reply.status(503).send({ status: 'migrating', detail: `${applied}/${wanted} migrations applied` });
          return { status: 'ready' };
        } catch {
          return reply.status(503).send({ status: 'unavailable', detail: 'database unreachable' });
        }
      },
    );

    route(healthApi.config, { summary: 'Public settings the web app needs before sign-in' }, () => ({
      respones_msg: 'Config',
      data: {
        productName: ctx.config.productName,
        oldSystemLoginUrl: ctx.config.oldSystemLoginUrl,
        otpLength: ctx.config.otpLength,
        paymentProvider: ctx.config.paymentProvider,
        stripePublishableKey: ctx.config.stripe.publishableKey ?? null,
        supportEmail: ctx.config.supportEmail,
        privacyUrl: ctx.config.privacyUrl,
        termsUrl: ctx.config.termsUrl,
      },
    }));
  });
