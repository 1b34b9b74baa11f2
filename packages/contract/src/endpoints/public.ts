import { z } from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { messageSchema, withData } from '../envelope.ts';

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

/** Spec 3 "Coupons": the payment text staff edit, shown as plain text on `/pricing`, `/plans` and the payment page. */
export const paymentNotesResponseSchema = withData(z.object({ value: z.string() }));
export const paymentNotes = endpoint({
  method: 'GET',
  path: '/api/v1/public/payment-notes',
  response: paymentNotesResponseSchema,
});
