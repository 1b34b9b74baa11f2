import { z } from 'zod/mini';
import { blankAsAbsent, keysetPaginationSchema, pageQuerySchema } from './activity.ts';
import { emailSchema, idOf, numeric, personNameSchema, text } from './common.ts';
import { withData } from './envelope.ts';
import { planSchema } from './payments.ts';
import { localPricingSchema } from './local-pricing.ts';

/**
 * Website content staff maintain (spec 3 "Videos", "FAQ", "Blogs", "Contact requests", "Newsletters") and the public
 * site that shows it (DECISIONS §9). The row shapes are shared by the back office (`@fleetdeck/contract/staff`) and
 * the public calls (`publicApi`).
 */

const max = (n: number) => z.maxLength(n, { error: `must be at most ${n} characters` });
const required = z.minLength(1, { error: 'is required' });

// ---------------------------------------------------------------------------------------------------------- videos

/** A video link: http(s) only (no `javascript:`, `data:` or relative links). */
export const videoLinkSchema = text().check(
  z.trim(),
  required,
  max(2048),
  z.refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { error: 'must be an http(s) link' },
  ),
);

export const videoSchema = z.object({ _id: z.string(), title: z.string(), link: z.string(), created_at: z.string() });
export type Video = z.infer<typeof videoSchema>;

/**
 * The privacy-respecting player of a YouTube or Vimeo link (youtube-nocookie.com, Vimeo with `dnt=1`), or null for
 * any other link (shown as a plain link).
 */
export function videoEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const id = /^[A-Za-z0-9_-]{6,20}$/;
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') youtube = url.searchParams.get('v');
    else youtube = /^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(url.pathname)?.[1] ?? null;
  }
  if (youtube && id.test(youtube)) return `https://www.youtube-nocookie.com/embed/${youtube}`;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vimeo = /^\/(?:video\/)?(\d{1,12})(?:\/|$)/.exec(url.pathname)?.[1];
    if (vimeo) return `https://player.vimeo.com/video/${vimeo}?dnt=1`;
  }
  return null;
}

// ------------------------------------------------------------------------------------------------------------- FAQ

export const FAQ_STATUSES = ['Active', 'Inactive'] as const;
export const faqStatusSchema = z.enum(FAQ_STATUSES, { error: 'must be Active or Inactive' });
export type FaqStatus = z.infer<typeof faqStatusSchema>;

export const faqQuestionSchema = text().check(z.trim(), required, max(500));
/** Rich text (HTML) before the server's sanitiser; the stored answer is the sanitised HTML. */
export const richTextSchema = (limit: number) => text().check(z.trim(), required, max(limit));
export const FAQ_ANSWER_MAX = 20_000;

export const faqSchema = z.object({
  _id: z.string(),
  question: z.string(),
  /** Sanitised HTML. */
  answer: z.string(),
  status: faqStatusSchema,
  created_at: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;

// ----------------------------------------------------------------------------------------------------------- blogs

export const BLOG_LONG_DESCRIPTION_MAX = 200_000;
export const BLOG_TAGS_MAX = 20;
/** Image rules of the upload (the server decides the type by its bytes and re-encodes it). */
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Where blog images are served (spec 3 §9 "upload/blog"). */
export const BLOG_IMAGE_PATH = '/upload/blog';
export const blogImageUrl = (image: string | null): string | null => (image ? `${BLOG_IMAGE_PATH}/${image}` : null);

const tagSchema = text().check(z.trim(), required, max(50));

/**
 * `tags` as the multipart form sends it: JSON text of a list of strings (spec 3 §7), e.g. `["news","android"]`.
 */
export const blogTagsTextSchema = z.pipe(
  text().check(max(4000)),
  z.transform((v, ctx) => {
    if (v.trim() === '') return [] as string[];
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      ctx.issues.push({ code: 'custom', message: 'must be JSON text of a list of tags', input: v });
      return z.NEVER;
    }
    const list = z.array(tagSchema).check(z.maxLength(BLOG_TAGS_MAX, { error: `at most ${BLOG_TAGS_MAX} tags` }));
    const result = list.safeParse(parsed);
    if (!result.success) {
      ctx.issues.push({
        code: 'custom',
        message: `must be a list of at most ${BLOG_TAGS_MAX} tags of 1 to 50 characters`,
        input: v,
      });
      return z.NEVER;
    }
    return [...new Set(result.data)];
  }),
);

/** The text fields of `blog/create` (multipart); the image comes as the file part `imageFile`. */
export const blogFieldsSchema = z.object({
  title: text().check(z.trim(), required, max(200)),
  shortDescription: text().check(z.trim(), required, max(1000)),
  longDescription: richTextSchema(BLOG_LONG_DESCRIPTION_MAX),
  category: text().check(z.trim(), required, max(100)),
  tags: blogTagsTextSchema,
  author: text().check(z.trim(), required, max(100)),
});
export type BlogFields = z.input<typeof blogFieldsSchema>;

/** `blog/update`: the same fields plus the blog's id; a new `imageFile` replaces the image. */
export const blogUpdateFieldsSchema = z.extend(blogFieldsSchema, { id: idOf('blog') });

export const blogSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  shortDescription: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  /** File name under /upload/blog/, or null. */
  image: z.nullable(z.string()),
  created_at: z.string(),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

export const blogSchema = z.extend(blogSummarySchema, {
  /** Sanitised HTML. */
  longDescription: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;

// ------------------------------------------------------------------------------------------------ contact, newsletter

/** The ALTCHA payload; optional in the schema so a missing one gets the server's "Please verify captcha.". */
const captchaSchema = z.optional(z.nullable(text().check(z.maxLength(4096))));

/** The longest contact message (the form counts toward it as you type; over it is refused, never cut). */
export const CONTACT_MESSAGE_MAX = 5000;

export const contactRequestSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  subject: text().check(z.trim(), required, max(200)),
  message: text().check(z.trim(), required, max(CONTACT_MESSAGE_MAX)),
  captcha: captchaSchema,
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const newsletterRequestSchema = z.object({ email: emailSchema, captcha: captchaSchema });
export type NewsletterRequest = z.input<typeof newsletterRequestSchema>;
/** `/newsletter/confirm?token=…`: the token of the emailed link (DECISIONS §9). */
export const newsletterConfirmRequestSchema = z.object({
  token: text().check(z.trim(), required, max(200)),
});
export type NewsletterConfirmRequest = z.input<typeof newsletterConfirmRequestSchema>;

export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const newsletterSubscriberSchema = z.object({ _id: z.string(), email: z.string(), created_at: z.string() });
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

// ------------------------------------------------------------------------------------------------ public answers

/** Spec 3 "Setting: key paymentNotes": the text staff save, shown on /pricing. */
export const publicPricingResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.object({ recurringPriceList: z.array(planSchema), oneTimePriceList: z.array(planSchema) }),
  paymentNotes: z.nullable(z.object({ value: z.string() })),
  /** The visitor's country's currency rule and local prices; null when their country has none. */
  localPricing: z.nullable(localPricingSchema),
});
export type PublicPricingResponse = z.infer<typeof publicPricingResponseSchema>;

export const publicFaqResponseSchema = withData(z.array(faqSchema));
export const publicVideosResponseSchema = withData(z.array(videoSchema));

const PUBLIC_BLOG_PAGE_SIZES = [6, 12, 24] as const;
export const publicBlogsQuerySchema = z.object({
  page: pageQuerySchema,
  limit: z._default(
    numeric(
      z.coerce.number({ error: 'must be one of 6, 12, 24' }).check(
        z.refine((n) => (PUBLIC_BLOG_PAGE_SIZES as readonly number[]).includes(n), {
          error: 'must be one of 6, 12, 24',
        }),
      ),
      'must be one of 6, 12, 24',
    ),
    12,
  ),
  category: blankAsAbsent(text().check(z.trim(), max(100))),
});
export type PublicBlogsQuery = z.input<typeof publicBlogsQuerySchema>;
export const publicBlogsResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(blogSummarySchema),
  pagination: keysetPaginationSchema,
});
export const blogIdParamsSchema = z.object({ id: text().check(z.maxLength(100)) });
export const publicBlogResponseSchema = withData(blogSchema);
