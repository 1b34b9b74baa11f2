import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Placeholder: filled in by the captcha work of issue 3. */
export const captchaRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
