import { captchaApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { areaRoutes } from '../../lib/area-routes.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { createCaptchaChallenge } from './service.ts';

/** An ALTCHA v2 challenge for the widget (DECISIONS §5; `captchaApi`). No session: the login page may ask. */
export const captchaRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Captcha'] }, (route) => {
    route(
      captchaApi.challenge,
      { summary: 'A proof-of-work challenge (valid 2 minutes, single use)' },
      async (req, reply) => {
        await enforceLimit(ctx.db, `captcha:ip:${req.ip}`, 120, 60);
        const challenge = await createCaptchaChallenge(ctx);
        reply.header('cache-control', 'no-store');
        return {
          respones_msg: 'Captcha challenge',
          parameters: challenge.parameters,
          signature: challenge.signature ?? '',
        };
      },
    );
  });
