import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countCapped } from '../../db/paging.ts';
import { blogs, contactRequests, faqs, newsletterSubscribers, siteSettings, videos } from '../../db/schema.ts';

/**
 * SQL of the website content (videos, FAQ, blogs, contact messages, newsletter subscribers). None of it is customer
 * data: the back office writes it, the public site reads it.
 */

export type VideoRow = typeof videos.$inferSelect;
export type FaqRow = typeof faqs.$inferSelect;
export type BlogRow = typeof blogs.$inferSelect;
export type ContactRow = typeof contactRequests.$inferSelect;
export type NewsletterRow = typeof newsletterSubscribers.$inferSelect;

export interface Paging {
  page: number;
  limit: number;
}
const offsetOf = (p: Paging) => (p.page - 1) * p.limit;

// ---------------------------------------------------------------------------------------------------------- videos

export async function insertVideo(db: DbOrTx, v: { title: string; link: string; createdBy: string | null }) {
  const [row] = await db.insert(videos).values(v).returning();
  return row!;
}

export async function listVideos(db: DbOrTx, p: Paging | null) {
  const q = db.select().from(videos).orderBy(desc(videos.createdAt), desc(videos.id));
  const rows = p ? await q.limit(p.limit).offset(offsetOf(p)) : await q.limit(500);
  const [total] = await db.select({ n: count() }).from(videos);
  return { rows, total: total?.n ?? 0 };
}

export async function deleteVideo(db: DbOrTx, id: string) {
  const rows = await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------------------------------------------------- FAQ

export async function insertFaq(db: DbOrTx, v: { question: string; answer: string; status: 'Active' | 'Inactive' }) {
  const [row] = await db.insert(faqs).values(v).returning();
  return row!;
}

export async function listFaqs(db: DbOrTx, p: Paging) {
  const rows = await db
    .select()
    .from(faqs)
    .orderBy(desc(faqs.createdAt), desc(faqs.id))
    .limit(p.limit)
    .offset(offsetOf(p));
  const [total] = await db.select({ n: count() }).from(faqs);
  return { rows, total: total?.n ?? 0 };
}

export async function activeFaqs(db: DbOrTx) {
  return db.select().from(faqs).where(eq(faqs.status, 'Active')).orderBy(asc(faqs.createdAt), asc(faqs.id)).limit(500);
}

export async function findFaq(db: DbOrTx, id: string) {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id));
  return row ?? null;
}

export async function updateFaq(
  db: DbOrTx,
  id: string,
  v: { status?: 'Active' | 'Inactive'; question?: string; answer?: string },
) {
  const [row] = await db
    .update(faqs)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(faqs.id, id))
    .returning();
  return row ?? null;
}

// ----------------------------------------------------------------------------------------------------------- blogs

export interface BlogValues {
  title: string;
  shortDescription: string;
  longDescription: string;
  category: string;
  tags: string[];
  author: string;
}

export async function insertBlog(db: DbOrTx, v: BlogValues & { image: string | null }) {
  const [row] = await db.insert(blogs).values(v).returning();
  return row!;
}

export async function listBlogs(db: DbOrTx, p: Paging, filter: { category?: string } = {}) {
  const where: SQL | undefined = filter.category ? eq(blogs.category, filter.category) : undefined;
  const rows = await db
    .select({
      id: blogs.id,
      title: blogs.title,
      shortDescription: blogs.shortDescription,
      category: blogs.category,
      tags: blogs.tags,
      author: blogs.author,
      image: blogs.image,
      createdAt: blogs.createdAt,
    })
    .from(blogs)
    .where(where)
    .orderBy(desc(blogs.createdAt), desc(blogs.id))
    .limit(p.limit)
    .offset(offsetOf(p));
  const total = await countCapped(db, blogs, where);
  return { rows, total };
}

export async function findBlog(db: DbOrTx, id: string) {
  const [row] = await db.select().from(blogs).where(eq(blogs.id, id));
  return row ?? null;
}

/** Locks the blog row for an update or delete (so two edits do not both keep the old picture). */
export async function lockBlog(db: DbOrTx, id: string) {
  const [row] = await db.select().from(blogs).where(eq(blogs.id, id)).for('update');
  return row ?? null;
}

export async function updateBlog(db: DbOrTx, id: string, v: BlogValues & { image?: string | null }) {
  const [row] = await db
    .update(blogs)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(blogs.id, id))
    .returning();
  return row ?? null;
}

export async function deleteBlog(db: DbOrTx, id: string) {
  const [row] = await db.delete(blogs).where(eq(blogs.id, id)).returning({ image: blogs.image, title: blogs.title });
  return row ?? null;
}

// -------------------------------------------------------------------------------------------------------- contact

export async function insertContact(db: DbOrTx, v: { name: string; email: string; subject: string; message: string }) {
  await db.insert(contactRequests).values(v);
}

const CONTACT_SORT = {
  name: contactRequests.name,
  email: contactRequests.email,
  subject: contactRequests.subject,
  created_at: contactRequests.createdAt,
} as const;

export async function listContacts(
  db: DbOrTx,
  p: Paging & { sortBy: keyof typeof CONTACT_SORT; sortOrder: 'asc' | 'desc' },
) {
  const dir = p.sortOrder === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(contactRequests)
    .orderBy(dir(CONTACT_SORT[p.sortBy]), dir(contactRequests.id))
    .limit(p.limit)
    .offset(offsetOf(p));
  const total = await countCapped(db, contactRequests, undefined);
  return { rows, total };
}

// ----------------------------------------------------------------------------------------------------- newsletter

/**
 * A sign-up (DECISIONS §9, double opt-in): a new email gets a row holding the confirm token's hash; an unconfirmed one
 * gets a fresh token (the old link stops working); a confirmed one is left as it is. One statement, so two sign-ups
 * at once never make two rows. Answers whether a confirmation link is to be sent (false: already confirmed).
 */
export async function signUpNewsletter(db: DbOrTx, v: { email: string; tokenHash: string; expiresAt: Date }) {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email: v.email, confirmTokenHash: v.tokenHash, confirmTokenExpiresAt: v.expiresAt })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { confirmTokenHash: v.tokenHash, confirmTokenExpiresAt: v.expiresAt },
      setWhere: isNull(newsletterSubscribers.confirmedAt),
    })
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/** The subscriber whose confirmation link carries the token of this hash, locked for the confirmation. */
export async function subscriberByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function confirmSubscriber(db: DbOrTx, id: string) {
  await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: sql`now()` })
    .where(and(eq(newsletterSubscribers.id, id), isNull(newsletterSubscribers.confirmedAt)));
}

/** Only confirmed addresses are shown to staff (an unconfirmed one may be anyone's typing). */
const confirmed = isNotNull(newsletterSubscribers.confirmedAt);

export async function listSubscribers(db: DbOrTx, p: Paging) {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(confirmed)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(p.limit)
    .offset(offsetOf(p));
  const total = await countCapped(db, newsletterSubscribers, confirmed);
  return { rows, total };
}

/** The export: every confirmed subscriber, newest first, in keyset batches. */
export async function subscriberBatch(db: DbOrTx, after: { createdAt: Date; id: string } | null, size: number) {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(
      and(
        confirmed,
        after
          ? sql`(${newsletterSubscribers.createdAt}, ${newsletterSubscribers.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(size);
}

// -------------------------------------------------------------------------------------------------- payment notes

/** Spec 3 "Setting: key paymentNotes" (saved by `payments/save/setting`), or null when staff never wrote any. */
export async function paymentNotes(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'paymentNotes'))
    .limit(1);
  return row?.value ?? null;
}
