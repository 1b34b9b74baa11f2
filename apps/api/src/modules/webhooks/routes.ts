import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Placeholder: filled in by the webhooks work of issue 3. */
export const webhookRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
