import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Placeholder: filled in by the plans work of issue 3. */
export const planRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
