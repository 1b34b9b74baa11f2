import { z } from 'zod/mini';
import { apkDownloadsResponseSchema } from '../apk.ts';
import { endpoint } from '../endpoint.ts';
import { messageSchema, withData } from '../envelope.ts';
import {
  blogIdParamsSchema,
  contactRequestSchema,
  newsletterConfirmRequestSchema,
  newsletterRequestSchema,
  publicBlogResponseSchema,
  publicBlogsQuerySchema,
  publicBlogsResponseSchema,
  publicFaqResponseSchema,
  publicPricingResponseSchema,
  publicVideosResponseSchema,
} from '../content.ts';

/**
 * The public website's calls (DECISIONS §9), under `/api/v1/public/`, no token. More of them (pricing, FAQ, blogs,
 * videos, contact, newsletter) join this file.
 */
export const PAGE_VIEW_PAGES = ['Home', 'Payment'] as const;
export type PageViewPage = (typeof PAGE_VIEW_PAGES)[number];

export const pageViewRequestSchema = z.object({
  page: z.enum(PAGE_VIEW_PAGES, { error: `must be one of ${PAGE_VIEW_PAGES.join(', ')}` }),
});

/**
 * DECISIONS §8 "Page views": the public site's pages and the console's pricing page send `Home`, the payment page
 * `Payment`. The server keeps the day, page, country and a keyed hash of the address (never the address).
 */
export const pageView = endpoint({
  method: 'POST',
  path: '/api/v1/public/page-view',
  body: pageViewRequestSchema,
  response: messageSchema,
});

// ------------------------------------------------------------------------------------ public site (DECISIONS §9)

/** `/pricing`: the Active plans with the payment notes staff save (`paymentNotes`, null when none). */
export const pricing = endpoint({
  method: 'GET',
  path: '/api/v1/public/pricing',
  response: publicPricingResponseSchema,
});
/** `/faq`: the Active entries, oldest first (answers are sanitised HTML). */
export const faq = endpoint({ method: 'GET', path: '/api/v1/public/faq', response: publicFaqResponseSchema });
/** `/blog`: newest first, paged (6, 12 or 24 a page). */
export const blogs = endpoint({
  method: 'GET',
  path: '/api/v1/public/blogs',
  query: publicBlogsQuerySchema,
  response: publicBlogsResponseSchema,
});
/** `/blog/<id>`: one post with its sanitised HTML. */
export const blog = endpoint({
  method: 'GET',
  path: '/api/v1/public/blogs/:id',
  params: blogIdParamsSchema,
  response: publicBlogResponseSchema,
});
/** `/videos`: every video, newest first. */
export const videos = endpoint({ method: 'GET', path: '/api/v1/public/videos', response: publicVideosResponseSchema });
/** The contact form: captcha (ALTCHA, single use) and a per-address rate limit. */
export const contact = endpoint({
  method: 'POST',
  path: '/api/v1/public/contact',
  body: contactRequestSchema,
  response: messageSchema,
});
/**
 * The footer's newsletter sign-up: captcha, rate limit; emails a confirmation link (double opt-in). Signing up twice
 * answers the same (one row per email).
 */
export const newsletter = endpoint({
  method: 'POST',
  path: '/api/v1/public/newsletter',
  body: newsletterRequestSchema,
  response: messageSchema,
});
/** `/newsletter/confirm`: the emailed link's token lists the address (400 when unknown or expired). */
export const newsletterConfirm = endpoint({
  method: 'POST',
  path: '/api/v1/public/newsletter/confirm',
  body: newsletterConfirmRequestSchema,
  response: messageSchema,
});

/** Spec 3 "Coupons": the payment text staff edit, shown as plain text on `/pricing`, `/plans` and the payment page. */
export const paymentNotesResponseSchema = withData(z.object({ value: z.string() }));
export const paymentNotes = endpoint({
  method: 'GET',
  path: '/api/v1/public/payment-notes',
  response: paymentNotesResponseSchema,
});

/** `/enrol` (DECISIONS §14): every family's APK download, in family order, with the hosted file's version and hash. */
export const apkDownloads = endpoint({
  method: 'GET',
  path: '/api/v1/public/apk-downloads',
  response: apkDownloadsResponseSchema,
});
