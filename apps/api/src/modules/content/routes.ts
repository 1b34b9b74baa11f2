import fs from 'node:fs';
import path from 'node:path';
import { publicApi } from '@fleetdeck/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { areaRoutes } from '../../lib/area-routes.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import type { ErrorResponse } from '@fleetdeck/contract';
import { publicPlans } from '../plans/service.ts';
import { localPricingFor } from '../pricing/local-pricing.ts';
import { blogImageDir, contentTypeOfStored, STORED_NAME } from './images.ts';
import * as repo from './repository.ts';
import * as content from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The public site's calls (DECISIONS §9), no token. Content changes show at once (answers are revalidated). */
export const publicContentRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Public site'] }, (route) => {
    route(
      publicApi.pricing,
      {
        summary: "Active plans, the payment notes and the visitor's local prices of /pricing",
        description:
          "`localPricing`: the currency rule of the visitor's country (the trusted proxy's COUNTRY_HEADER, else GeoIP) " +
          'with each plan converted through GBP and its coupon; null when the country has no rule. Checkout stays EUR.',
        public: true,
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        if (ctx.config.countryHeader) reply.header('vary', ctx.config.countryHeader);
        const [plans, notes] = await Promise.all([publicPlans(ctx), repo.paymentNotes(ctx.db)]);
        const localPricing = await localPricingFor(ctx, req, [...plans.recurringPriceList, ...plans.oneTimePriceList]);
        return {
          respones_msg: 'Pricing',
          data: plans,
          paymentNotes: notes === null ? null : { value: notes },
          localPricing,
        };
      },
    );
    route(publicApi.faq, { summary: 'Active FAQ entries, oldest first', public: true }, async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return { respones_msg: 'FAQ', data: (await repo.activeFaqs(ctx.db)).map(content.toFaq) };
    });
    route(publicApi.blogs, { summary: 'Blog posts, newest first', public: true }, async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      const { page, limit, category } = req.query;
      return { respones_msg: 'Blogs', ...(await content.listBlogs(ctx, { page, limit }, { category })) };
    });
    route(publicApi.blog, { summary: 'One blog post', public: true }, async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      if (!UUID.test(req.params.id)) return reply.status(404).send(blogNotFound);
      return { respones_msg: 'Blog', data: await content.blogDetail(ctx, req.params.id) };
    });
    route(publicApi.videos, { summary: 'Videos, newest first', public: true }, async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      const { rows } = await repo.listVideos(ctx.db, null);
      return { respones_msg: 'Videos', data: rows.map(content.toVideo) };
    });
    route(
      publicApi.contact,
      {
        summary: 'Sends a message to the staff (contact form)',
        description: 'Needs a solved captcha (single use). At most 5 messages per address per 10 minutes.',
        public: true,
      },
      async (req) => {
        await enforceLimit(ctx.db, `contact:ip:${req.ip}`, 5, 600);
        await content.submitContact(ctx, req.body);
        return { respones_msg: 'Thank you, your message has been sent.' };
      },
    );
    route(
      publicApi.newsletter,
      {
        summary: 'Signs an email up for the newsletter (double opt-in)',
        description:
          'Needs a solved captcha (single use). Emails a link to `/newsletter/confirm` (valid 7 days); the address is ' +
          'listed only once confirmed. At most 10 sign-ups per network address and 10 per email per 10 minutes. ' +
          'Signing up a confirmed email again answers the same and sends nothing; an unconfirmed one gets a new link.',
        public: true,
      },
      async (req) => {
        await enforceLimit(ctx.db, `newsletter:ip:${req.ip}`, 10, 600);
        await content.subscribe(ctx, req.body);
        return { respones_msg: 'Thank you. Please confirm your subscription with the link we emailed you.' };
      },
    );
    route(
      publicApi.newsletterConfirm,
      {
        summary: 'Confirms a newsletter sign-up (the emailed link)',
        description: 'Lists the address. 400 `E_LINK_INVALID` for an unknown link, `E_LINK_EXPIRED` after 7 days.',
        public: true,
      },
      async (req) => {
        await enforceLimit(ctx.db, `newsletter-confirm:ip:${req.ip}`, 30, 600);
        await content.confirmSubscription(ctx, req.body.token);
        return { respones_msg: 'You are subscribed to our newsletter.' };
      },
    );
  });

const blogNotFound: ErrorResponse = { respones_msg: 'Blog not found.', code: 'E_NOT_FOUND' };

/**
 * `/upload/blog/<name>`: the stored pictures, only under their generated names, with a strict content type, nosniff,
 * no script context (`default-src 'none'`) and long caching (a name never gets other bytes).
 */
export const uploadRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const dir = blogImageDir(ctx.config.dataDir);
    app.get<{ Params: { name: string } }>('/upload/blog/:name', { schema: { hide: true } }, async (req, reply) => {
      const { name } = req.params;
      const missing: ErrorResponse = { respones_msg: 'Not found.', code: 'E_NOT_FOUND' };
      if (!STORED_NAME.test(name)) return reply.status(404).send(missing);
      const file = path.join(dir, name);
      let stat: fs.Stats;
      try {
        stat = await fs.promises.stat(file);
      } catch {
        return reply.status(404).send(missing);
      }
      return reply
        .header('content-type', contentTypeOfStored(name))
        .header('content-length', String(stat.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(file));
    });
  };
