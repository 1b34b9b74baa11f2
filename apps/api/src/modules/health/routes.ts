import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fs from 'node:fs';
import path from 'node:path';
import { appConfigResponseSchema } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { MIGRATIONS_DIR } from '../../db/client.ts';

const expectedMigrations = (): number =>
  (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const statusSchema = z.object({ status: z.string(), detail: z.string().optional() });
    app.get(
      '/healthz',
      { schema: { tags: ['Operations'], summary: 'Process alive', response: { 200: statusSchema } } },
      async () => ({ status: 'ok' }),
    );

    const wanted = expectedMigrations();
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['Operations'],
          summary: 'Database reachable and migrated',
          response: { 200: statusSchema, 503: statusSchema },
        },
      },
      async (_req, reply) => {
        try {
          const result = await ctx.db.execute<{ n: number }>(
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          );
          const applied = Number(result.rows[0]?.n ?? 0);
          if (applied < wanted)
            return reply.status(503).send({ status: 'migrating', detail: `${applied}/${wanted} migrations applied` });
          return { status: 'ready' };
        } catch {
          return reply.status(503).send({ status: 'unavailable', detail: 'database unreachable' });
        }
      },
    );

    app.get(
      '/api/v1/config',
      {
        schema: {
          tags: ['Operations'],
          summary: 'Public settings the web app needs before sign-in',
          response: { 200: appConfigResponseSchema },
        },
      },
      async () => ({
        respones_msg: 'Config',
        data: {
          productName: ctx.config.productName,
          oldSystemLoginUrl: ctx.config.oldSystemLoginUrl,
          otpLength: ctx.config.otpLength,
          paymentProvider: ctx.config.paymentProvider,
          stripePublishableKey: ctx.config.stripe.publishableKey ?? null,
        },
      }),
    );
  };
