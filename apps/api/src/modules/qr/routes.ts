import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { customers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { loginQrText } from '../users/service.ts';
import { qrPng } from './service.ts';

/** QR images are loaded by <img>, which cannot send the token: the random key in the URL is the capability. */
export const qrRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/qr/login/:file',
      {
        schema: {
          tags: ['Customer account'],
          summary: "PNG of a customer's login (enrolment) QR code",
          params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.png$/, { message: 'unknown QR code' }) }),
        },
      },
      async (req, reply) => {
        const key = req.params.file.replace(/\.png$/, '');
        const [customer] = await ctx.db.select().from(customers).where(eq(customers.loginQrKey, key));
        if (!customer) throw notFound('This QR code does not exist or was replaced.');
        const png = await qrPng(loginQrText(ctx, customer));
        return reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').send(png);
      },
    );
  };
