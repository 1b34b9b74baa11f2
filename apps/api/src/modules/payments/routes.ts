import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Placeholder: filled in by the payments work of issue 3. */
export const paymentRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
