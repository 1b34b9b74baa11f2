import { z } from 'zod/mini';
import { blankAsAbsent } from '../activity.ts';
import {
  blogSchema,
  blogSummarySchema,
  contactMessageSchema,
  FAQ_ANSWER_MAX,
  faqQuestionSchema,
  faqSchema,
  faqStatusSchema,
  newsletterSubscriberSchema,
  richTextSchema,
  videoLinkSchema,
  videoSchema,
} from '../content.ts';
import { numeric, text } from '../common.ts';
import { withData } from '../envelope.ts';
import { PAGE_VIEW_PAGES } from '../endpoints/public.ts';
import { isExportDataSchema, isoDateQuerySchema, staffListResponse, staffPageQuery } from './lists.ts';

/**
 * Website content in the back office (spec 3 "Videos", "FAQ", "Blogs", "Contact requests", "Newsletters",
 * "Page-view report"; §7 Content). Blog create/update are multipart forms: their text fields are `blogFieldsSchema`
 * / `blogUpdateFieldsSchema` of the main entry, the image the file part `imageFile`.
 */

const idOf = (what: string) => z.uuid({ error: `must be a ${what} id` });

export const contentPageQuerySchema = z.object(staffPageQuery());
export type ContentPageQuery = z.input<typeof contentPageQuerySchema>;

export const videoCreateRequestSchema = z.object({
  title: text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(200)),
  link: videoLinkSchema,
});
export type VideoCreateRequest = z.input<typeof videoCreateRequestSchema>;
export const videoResponseSchema = withData(videoSchema);
export const videoListResponseSchema = staffListResponse(videoSchema);
export const videoIdQuerySchema = z.object({ id: idOf('video') });

export const faqCreateRequestSchema = z.object({
  question: faqQuestionSchema,
  answer: richTextSchema(FAQ_ANSWER_MAX),
  /** New FAQs are Active (spec 3 §4) unless told otherwise. */
  status: z.optional(faqStatusSchema),
});
export type FaqCreateRequest = z.input<typeof faqCreateRequestSchema>;
export const faqUpdateRequestSchema = z
  .object({
    id: idOf('FAQ'),
    status: z.optional(faqStatusSchema),
    question: z.optional(faqQuestionSchema),
    answer: z.optional(richTextSchema(FAQ_ANSWER_MAX)),
  })
  .check(
    z.refine((v) => v.status !== undefined || v.question !== undefined || v.answer !== undefined, {
      error: 'Send a status, a question or an answer to change.',
    }),
  );
export type FaqUpdateRequest = z.input<typeof faqUpdateRequestSchema>;
export const faqIdQuerySchema = z.object({ id: idOf('FAQ') });
export const faqResponseSchema = withData(faqSchema);
export const faqListResponseSchema = staffListResponse(faqSchema);

export const blogIdQuerySchema = z.object({ id: idOf('blog') });
export const blogResponseSchema = withData(blogSchema);
export const blogListResponseSchema = staffListResponse(blogSummarySchema);

export const CONTACT_SORT_FIELDS = ['name', 'email', 'subject', 'created_at'] as const;
export const contactListQuerySchema = z.object({
  ...staffPageQuery(),
  sortBy: z._default(
    z.enum(CONTACT_SORT_FIELDS, { error: `must be one of ${CONTACT_SORT_FIELDS.join(', ')}` }),
    'created_at',
  ),
  sortOrder: z._default(z.enum(['asc', 'desc'], { error: 'must be asc or desc' }), 'desc'),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;
export const contactListResponseSchema = staffListResponse(contactMessageSchema);

export const newsletterListQuerySchema = z.object({ ...staffPageQuery(), isExportData: isExportDataSchema });
export type NewsletterListQuery = z.input<typeof newsletterListQuerySchema>;
export const newsletterListResponseSchema = staffListResponse(newsletterSubscriberSchema);

/**
 * `price/page-view/report`: `page` is the page filter of spec 3 §7 (All, Home, Payment), so the page number of this
 * list is `pageNumber`; `from_date`/`to_date` are inclusive ISO days (default today, UTC); 5 to 100 rows a page.
 */
export const PAGE_VIEW_FILTERS = ['All', ...PAGE_VIEW_PAGES] as const;
const pageNumberSchema = z._default(
  numeric(
    z.coerce
      .number({ error: 'must be a page number from 1' })
      .check(z.int({ error: 'must be a whole number' }), z.gte(1, { error: 'must be at least 1' })),
    'must be a page number from 1',
  ),
  1,
);
const { limit: pageViewLimit } = staffPageQuery('pageViews');
export const pageViewReportQuerySchema = z
  .object({
    /** Absent: All. */
    page: blankAsAbsent(z.enum(PAGE_VIEW_FILTERS, { error: `must be one of ${PAGE_VIEW_FILTERS.join(', ')}` })),
    from_date: isoDateQuerySchema,
    to_date: isoDateQuerySchema,
    pageNumber: pageNumberSchema,
    limit: pageViewLimit,
    isExportData: isExportDataSchema,
  })
  .check(
    z.refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, {
      error: 'from_date must be on or before to_date',
      path: ['from_date'],
    }),
  );
export type PageViewReportQuery = z.input<typeof pageViewReportQuerySchema>;
/** Spec 3 "Page-view group": `_id` is the country, `count` the distinct visitors (IP hashes) in the range. */
export const pageViewRowSchema = z.object({ _id: z.string(), country: z.string(), count: z.int() });
export type PageViewRow = z.infer<typeof pageViewRowSchema>;
export const pageViewReportResponseSchema = staffListResponse(pageViewRowSchema);
