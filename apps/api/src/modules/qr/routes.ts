import { FAMILIES, qrApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { areaRoutes } from '../../lib/area-routes.ts';
import { notFound } from '../../lib/errors.ts';
import { apkLinkOf } from '../plans/service.ts';
import { findCustomerByLoginQrKey } from '../users/repository.ts';
import { loginQrText } from '../users/service.ts';
import { qrPng } from './service.ts';

/**
 * QR images are addressed with PUBLIC_URL and may be shown from another origin (the console reached by another
 * host name, an email): they carry no secret beyond their random key, so any origin may embed them.
 */
const IMAGE_CORP = 'cross-origin';

/** QR images are loaded by <img>, which cannot send the token: the random key in the URL is the capability. */
export const qrRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Customer account'] }, (route) => {
    route(qrApi.loginPng, { summary: "PNG of a customer's login (enrolment) QR code" }, async (req, reply) => {
      const customer = await findCustomerByLoginQrKey(ctx.db, req.params.file.replace(/\.png$/, ''));
      if (!customer) throw notFound('This QR code does not exist or was replaced.');
      const png = await qrPng(loginQrText(ctx, customer));
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, no-store')
        .header('cross-origin-resource-policy', IMAGE_CORP)
        .send(png);
    });

    route(
      qrApi.apkPng,
      {
        summary: "PNG of the QR code of an app's APK download link (no session: the link is public)",
        tags: ['Plans and licences'],
      },
      async (req, reply) => {
        const family = FAMILIES.find((f) => `${f}.png` === req.params.file);
        if (!family) throw notFound('There is no app with this code.');
        const link = await apkLinkOf(ctx.db, family);
        if (!link) throw notFound('This app has no published APK yet.');
        const png = await qrPng(link);
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'public, max-age=300')
          .header('cross-origin-resource-policy', IMAGE_CORP)
          .send(png);
      },
    );
  });
