import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Placeholder: filled in by the policy work of issue 4. */
export const policyRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
