import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { FAMILIES } from '@fleetdeck/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { customers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { apkLinkOf } from '../plans/service.ts';
import { loginQrText } from '../users/service.ts';
import { qrPng } from './service.ts';

/**
 * QR images are addressed with PUBLIC_URL and may be shown from another origin (the console reached by another
 * host name, an email): they carry no secret beyond their random key, so any origin may embed them.
 */
const IMAGE_CORP = 'cross-origin';

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
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'private, no-store')
          .header('cross-origin-resource-policy', IMAGE_CORP)
          .send(png);
      },
    );

    app.get(
      '/api/v1/qr/apk/:file',
      {
        schema: {
          tags: ['Plans and licences'],
          summary: "PNG of the QR code of an app's APK download link (no session: the link is public)",
          params: z.object({
            file: z.string().regex(/^[A-Z]{2,5}\.png$/, { message: 'unknown app' }),
          }),
        },
      },
      async (req, reply) => {
        const family = FAMILIES.find((f) => `${f}.png` === req.params.file);
        if (!family) throw notFound('There is no app with this code.');
        const png = await qrPng(await apkLinkOf(ctx.db, ctx.config.publicUrl, family));
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'public, max-age=300')
          .header('cross-origin-resource-policy', IMAGE_CORP)
          .send(png);
      },
    );
  };
