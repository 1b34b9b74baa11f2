import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallengeSchema } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { replies } from '../../lib/route-schema.ts';
import { createCaptchaChallenge } from './service.ts';

/** `GET /api/v1/captcha/challenge`: an ALTCHA v2 challenge for the widget (DECISIONS §5). */
export const captchaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/captcha/challenge',
      {
        schema: {
          tags: ['Captcha'],
          summary: 'A proof-of-work challenge (valid 2 minutes, single use)',
          response: replies(captchaChallengeSchema),
        },
      },
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
  };
