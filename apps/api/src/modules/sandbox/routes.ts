import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Placeholder: filled in by the sandbox work of issue 3. */
export const sandboxRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
