import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Placeholder: filled in by the devices work of issue 4. */
export const deviceRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
