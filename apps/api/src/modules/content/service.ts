import type { MultipartFile } from '@fastify/multipart';
import {
  blogFieldsSchema,
  blogUpdateFieldsSchema,
  type Blog,
  type BlogSummary,
  type ContactMessage,
  type Faq,
  type NewsletterSubscriber,
  type Video,
} from '@fleetdeck/contract';
import type { z } from 'zod/mini';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import { dispatchEmail, queueEmail } from '../mail/outbox.ts';
import { emailTemplates } from '../mail/templates.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { LIST_COUNT_CAP } from '@fleetdeck/contract';
import { verifyCaptcha } from '../captcha/service.ts';
import { blogImageDir, checkUpload, imageTooLarge, reencode, removeImage, storeImage } from './images.ts';
import * as repo from './repository.ts';
import { isBlankHtml, sanitizeRichText } from './sanitize.ts';

/** Website content: the back office's writes and lists, the public site's reads and forms (DECISIONS §9). */

const iso = (d: Date) => d.toISOString();
export const toVideo = (r: repo.VideoRow): Video => ({
  _id: r.id,
  title: r.title,
  link: r.link,
  created_at: iso(r.createdAt),
});
export const toFaq = (r: repo.FaqRow): Faq => ({
  _id: r.id,
  question: r.question,
  answer: r.answer,
  status: r.status,
  created_at: iso(r.createdAt),
});
type BlogSummaryRow = Pick<
  repo.BlogRow,
  'id' | 'title' | 'shortDescription' | 'category' | 'tags' | 'author' | 'image' | 'createdAt'
>;
export const toBlogSummary = (r: BlogSummaryRow): BlogSummary => ({
  _id: r.id,
  title: r.title,
  shortDescription: r.shortDescription,
  category: r.category,
  tags: r.tags,
  author: r.author,
  image: r.image,
  created_at: iso(r.createdAt),
});
export const toBlog = (r: repo.BlogRow): Blog => ({ ...toBlogSummary(r), longDescription: r.longDescription });
export const toContact = (r: repo.ContactRow): ContactMessage => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  created_at: iso(r.createdAt),
});
export const toSubscriber = (r: repo.NewsletterRow): NewsletterSubscriber => ({
  _id: r.id,
  email: r.email,
  created_at: iso(r.createdAt),
});

/** `pagination` of a page-numbered list (no cursor: these lists are small or capped). */
export const pageInfo = (p: repo.Paging, total: number) => ({
  page: p.page,
  limit: p.limit,
  total: Math.min(total, LIST_COUNT_CAP),
  totalCapped: total > LIST_COUNT_CAP,
  nextCursor: null,
});

type ContentAuditSubType =
  'FAQ Created' | 'FAQ Updated' | 'Blog Created' | 'Blog Updated' | 'Blog Deleted' | 'Video Created' | 'Video Deleted';

/**
 * The audit row of a staff member's content write (issue 24: the site's content changed with nobody named), in the
 * write's transaction. Content concerns no one customer: a staff row, the actor's kind and id recorded.
 */
const auditContent = (tx: DbOrTx, actor: StaffActor, subType: ContentAuditSubType, message: string) =>
  writeAudit(tx, { customerId: null, email: null, type: 'Staff Account', subType, message, actor });

/** Sanitised rich text; a field left with nothing to show is refused as missing. */
function richText(field: string, html: string): string {
  const clean = sanitizeRichText(html);
  if (isBlankHtml(clean)) {
    throw badRequest('E_VALIDATION', `${field} is required`, { errors: [{ field, message: 'is required' }] });
  }
  return clean;
}

// ---------------------------------------------------------------------------------------------------------- videos

export async function createVideo(ctx: AppContext, actor: StaffActor, v: { title: string; link: string }) {
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.insertVideo(tx, { ...v, createdBy: actor.id });
    await auditContent(tx, actor, 'Video Created', `Video added: ${row.title}`);
    return toVideo(row);
  });
}

export async function listVideos(ctx: AppContext, p: repo.Paging) {
  const { rows, total } = await repo.listVideos(ctx.db, p);
  return { data: rows.map(toVideo), pagination: pageInfo(p, total) };
}

export async function deleteVideo(ctx: AppContext, actor: StaffActor, id: string) {
  await inTransaction(ctx.db, async (tx) => {
    if (!(await repo.deleteVideo(tx, id))) throw notFound('Video not found.');
    await auditContent(tx, actor, 'Video Deleted', `Video deleted: ${id}`);
  });
}

// ------------------------------------------------------------------------------------------------------------- FAQ

export async function createFaq(
  ctx: AppContext,
  actor: StaffActor,
  v: { question: string; answer: string; status?: 'Active' | 'Inactive' | undefined },
) {
  const answer = richText('answer', v.answer);
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.insertFaq(tx, { question: v.question, answer, status: v.status ?? 'Active' });
    await auditContent(tx, actor, 'FAQ Created', `FAQ added: ${row.question}`);
    return toFaq(row);
  });
}

export async function listFaqs(ctx: AppContext, p: repo.Paging) {
  const { rows, total } = await repo.listFaqs(ctx.db, p);
  return { data: rows.map(toFaq), pagination: pageInfo(p, total) };
}

export async function faqDetail(ctx: AppContext, id: string) {
  const row = await repo.findFaq(ctx.db, id);
  if (!row) throw notFound('FAQ not found.');
  return toFaq(row);
}

export async function updateFaq(
  ctx: AppContext,
  actor: StaffActor,
  v: {
    id: string;
    status?: 'Active' | 'Inactive' | undefined;
    question?: string | undefined;
    answer?: string | undefined;
  },
) {
  const answer = v.answer !== undefined ? richText('answer', v.answer) : undefined;
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.updateFaq(tx, v.id, {
      ...(v.status !== undefined ? { status: v.status } : {}),
      ...(v.question !== undefined ? { question: v.question } : {}),
      ...(answer !== undefined ? { answer } : {}),
    });
    if (!row) throw notFound('FAQ not found.');
    const changed = Object.keys(v).filter((k) => k !== 'id');
    await auditContent(tx, actor, 'FAQ Updated', `FAQ updated (${changed.join(', ')}): ${row.question}`);
    return toFaq(row);
  });
}

// ----------------------------------------------------------------------------------------------------------- blogs

/** A multipart request as the blog routes see it (`@fastify/multipart`'s `parts()`). */
export type PartsSource = AsyncIterable<
  | MultipartFile
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated?: boolean; fieldnameTruncated?: boolean }
>;

interface BlogForm<S> {
  fields: S;
  image: Awaited<ReturnType<typeof reencode>> | null;
}

const multipartErrors: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: imageTooLarge,
  FST_FILES_LIMIT: () => badRequest('E_VALIDATION', 'Send one image file (imageFile) at most.'),
  FST_FIELDS_LIMIT: () => badRequest('E_VALIDATION', 'Too many form fields.'),
  FST_PARTS_LIMIT: () => badRequest('E_VALIDATION', 'Too many form parts.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new AppError(415, 'E_UNSUPPORTED_MEDIA_TYPE', 'Send the blog as multipart/form-data.'),
};

/**
 * Reads the blog form: text fields (validated with the contract's schema) and the optional `imageFile`, which goes
 * through every image check and is re-encoded in memory. Nothing is written to disk here.
 */
async function readBlogForm<S extends typeof blogFieldsSchema | typeof blogUpdateFieldsSchema>(
  parts: () => PartsSource,
  schema: S,
): Promise<BlogForm<z.output<S>>> {
  const raw: Record<string, string> = {};
  let upload: { filename: string; mimetype: string; bytes: Buffer } | null = null;
  try {
    for await (const part of parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'imageFile') {
          part.file.resume();
          throw badRequest('E_VALIDATION', `Unexpected file field ${part.fieldname}: send the image as imageFile.`);
        }
        if (upload) throw multipartErrors.FST_FILES_LIMIT!();
        const bytes = await part.toBuffer();
        // An empty file input (no file chosen) is sent as a part with no name and no bytes: no new image.
        if (bytes.length === 0 && !part.filename) continue;
        upload = { filename: part.filename, mimetype: part.mimetype, bytes };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new AppError(413, 'E_PAYLOAD_TOO_LARGE', `The field ${part.fieldname} is too long.`);
        }
        if (typeof part.value === 'string') raw[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    const mapped = code ? multipartErrors[code] : undefined;
    if (mapped) throw mapped();
    throw err;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
    const first = errors[0]!;
    throw badRequest('E_VALIDATION', `${first.field} ${first.message}`, { errors });
  }
  const image = upload ? await reencode(checkUpload(upload)) : null;
  return { fields: parsed.data as z.output<S>, image };
}

const blogValues = (f: z.output<typeof blogFieldsSchema>): repo.BlogValues => ({
  title: f.title,
  shortDescription: f.shortDescription,
  longDescription: richText('longDescription', f.longDescription),
  category: f.category,
  tags: f.tags,
  author: f.author,
});

export async function createBlog(ctx: AppContext, actor: StaffActor, parts: () => PartsSource) {
  const form = await readBlogForm(parts, blogFieldsSchema);
  const values = blogValues(form.fields);
  const dir = blogImageDir(ctx.config.dataDir);
  const image = form.image ? await storeImage(dir, form.image) : null;
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const row = await repo.insertBlog(tx, { ...values, image });
      await auditContent(tx, actor, 'Blog Created', `Blog created: ${row.title}`);
      return toBlog(row);
    });
  } catch (err) {
    await removeImage(dir, image);
    throw err;
  }
}

export async function updateBlog(ctx: AppContext, actor: StaffActor, parts: () => PartsSource) {
  const form = await readBlogForm(parts, blogUpdateFieldsSchema);
  const values = blogValues(form.fields);
  const dir = blogImageDir(ctx.config.dataDir);
  if (!(await repo.findBlog(ctx.db, form.fields.id))) throw notFound('Blog not found.');
  const image = form.image ? await storeImage(dir, form.image) : undefined;
  let replaced: string | null = null;
  try {
    const row = await inTransaction(ctx.db, async (tx) => {
      const current = await repo.lockBlog(tx, form.fields.id);
      if (!current) throw notFound('Blog not found.');
      if (image !== undefined) replaced = current.image;
      const updated = await repo.updateBlog(tx, form.fields.id, {
        ...values,
        ...(image !== undefined ? { image } : {}),
      });
      await auditContent(tx, actor, 'Blog Updated', `Blog updated: ${values.title}`);
      return updated;
    });
    await removeImage(dir, replaced);
    return toBlog(row!);
  } catch (err) {
    await removeImage(dir, image);
    throw err;
  }
}

export async function listBlogs(ctx: AppContext, p: repo.Paging, filter: { category?: string | undefined } = {}) {
  const { rows, total } = await repo.listBlogs(ctx.db, p, filter.category ? { category: filter.category } : {});
  return { data: rows.map(toBlogSummary), pagination: pageInfo(p, total) };
}

export async function blogDetail(ctx: AppContext, id: string) {
  const row = await repo.findBlog(ctx.db, id);
  if (!row) throw notFound('Blog not found.');
  return toBlog(row);
}

/** Deletes the blog and then its picture. */
export async function deleteBlog(ctx: AppContext, actor: StaffActor, id: string) {
  const row = await inTransaction(ctx.db, async (tx) => {
    const deleted = await repo.deleteBlog(tx, id);
    if (!deleted) throw notFound('Blog not found.');
    await auditContent(tx, actor, 'Blog Deleted', `Blog deleted: ${deleted.title}`);
    return deleted;
  });
  await removeImage(blogImageDir(ctx.config.dataDir), row.image);
}

// ------------------------------------------------------------------------------------------- contact, newsletter

export async function listContacts(
  ctx: AppContext,
  q: repo.Paging & { sortBy: 'name' | 'email' | 'subject' | 'created_at'; sortOrder: 'asc' | 'desc' },
) {
  const { rows, total } = await repo.listContacts(ctx.db, q);
  return { data: rows.map(toContact), pagination: pageInfo(q, total) };
}

export async function listSubscribers(ctx: AppContext, p: repo.Paging) {
  const { rows, total } = await repo.listSubscribers(ctx.db, p);
  return { data: rows.map(toSubscriber), pagination: pageInfo(p, total) };
}

export async function submitContact(
  ctx: AppContext,
  v: { name: string; email: string; subject: string; message: string; captcha?: string | null | undefined },
) {
  await inTransaction(ctx.db, async (tx) => {
    await verifyCaptcha(ctx, tx, v.captcha);
    await repo.insertContact(tx, { name: v.name, email: v.email, subject: v.subject, message: v.message });
  });
}

/** How long a newsletter confirmation link works (DECISIONS §9). */
export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * The footer's sign-up (DECISIONS §9, double opt-in): nothing is listed yet; a link to confirm is emailed. A confirmed
 * address is left alone (no second email); an unconfirmed one gets a fresh link.
 */
export async function subscribe(ctx: AppContext, v: { email: string; captcha?: string | null | undefined }) {
  // Per address as per network (like the sign-up itself), so nobody floods one inbox with links; the key holds the
  // email's hash, not the email.
  await enforceLimit(ctx.db, `newsletter:email:${sha256(v.email)}`, 10, 600);
  await inTransaction(ctx.db, async (tx, afterCommit) => {
    await verifyCaptcha(ctx, tx, v.captcha);
    const token = randomToken();
    const toConfirm = await repo.signUpNewsletter(tx, {
      email: v.email,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + NEWSLETTER_CONFIRM_TTL_MS),
    });
    if (!toConfirm) return;
    const url = `${ctx.config.publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
    const outboxId = await queueEmail(tx, v.email, emailTemplates.newsletterConfirm(ctx.config.productName, url));
    afterCommit(() => dispatchEmail(ctx.queue, outboxId));
  });
}

/** `/newsletter/confirm`: the emailed link lists the address; opening it again answers the same. */
export async function confirmSubscription(ctx: AppContext, token: string) {
  await inTransaction(ctx.db, async (tx) => {
    const row = await repo.subscriberByTokenHash(tx, sha256(token));
    if (!row) {
      throw badRequest('E_LINK_INVALID', 'This confirmation link is not valid. Please sign up again.');
    }
    if (row.confirmedAt) return;
    if (!row.confirmTokenExpiresAt || row.confirmTokenExpiresAt.getTime() <= Date.now()) {
      throw badRequest('E_LINK_EXPIRED', 'This confirmation link has expired. Please sign up again.');
    }
    await repo.confirmSubscriber(tx, row.id);
  });
}
