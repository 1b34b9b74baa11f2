import type { Family } from '@fleetdeck/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatUsers, subscriptions } from '../../db/schema.ts';

/**
 * SQL of the Power Chat users. Customer queries filter by the session's customer first and read the partial index
 * chat_users_customer_idx (customer, created_at; users not deleted); sign-in names are looked up through
 * chat_users_user_id_uq (unique among users not deleted).
 */

/**
 * The customer's users not deleted, each with its seat rank: 1 for the oldest. A user whose rank exceeds the
 * purchased seats holds no paid seat (isTrialUser). A customer has as many users as PCHAT seats it bought, so
 * ranking all of them is cheap.
 */
function rankedUsers(db: DbOrTx, customerId: string) {
  return db
    .select({
      id: chatUsers.id,
      customerId: chatUsers.customerId,
      name: chatUsers.name,
      userId: chatUsers.userId,
      addToGlobalPull: chatUsers.addToGlobalPull,
      createdAt: chatUsers.createdAt,
      seatRank: sql<number>`(row_number() over (order by ${chatUsers.createdAt}, ${chatUsers.id}))::int`.as(
        'seat_rank',
      ),
    })
    .from(chatUsers)
    .where(and(eq(chatUsers.customerId, customerId), isNull(chatUsers.deletedAt)))
    .as('ranked');
}

export type RankedChatUser = {
  id: string;
  customerId: string;
  name: string;
  userId: string;
  addToGlobalPull: boolean;
  createdAt: Date;
  seatRank: number;
};

/** Newest first. */
export async function listChatUsers(db: DbOrTx, customerId: string, page: { limit: number; offset: number }) {
  const ranked = rankedUsers(db, customerId);
  const [rows, [count]] = await Promise.all([
    db.select().from(ranked).orderBy(desc(ranked.createdAt), desc(ranked.id)).limit(page.limit).offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(chatUsers)
      .where(and(eq(chatUsers.customerId, customerId), isNull(chatUsers.deletedAt))),
  ]);
  return { rows: rows as RankedChatUser[], total: count?.total ?? 0 };
}

export async function findChatUser(db: DbOrTx, customerId: string, id: string): Promise<RankedChatUser | null> {
  const ranked = rankedUsers(db, customerId);
  const [row] = await db.select().from(ranked).where(eq(ranked.id, id));
  return (row as RankedChatUser | undefined) ?? null;
}

/** A user not deleted, of any customer: the QR image route checks its key against the owner. */
export async function findLiveChatUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: chatUsers.id, customerId: chatUsers.customerId, userId: chatUsers.userId })
    .from(chatUsers)
    .where(and(eq(chatUsers.id, id), isNull(chatUsers.deletedAt)));
  return row ?? null;
}

export async function isUserIdTaken(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: chatUsers.id })
    .from(chatUsers)
    .where(and(eq(chatUsers.userId, userId), isNull(chatUsers.deletedAt)));
  return row !== undefined;
}

/** Inserts a user; null when its user_id was taken meanwhile (the unique index decides). */
export async function insertChatUser(db: DbOrTx, values: typeof chatUsers.$inferInsert) {
  const [row] = await db.insert(chatUsers).values(values).onConflictDoNothing().returning({ id: chatUsers.id });
  return row ?? null;
}

/** Marks the customer's user deleted (its seat is free at once); null when there is no such live user. */
export async function softDeleteChatUser(db: DbOrTx, customerId: string, id: string) {
  const [row] = await db
    .update(chatUsers)
    .set({ deletedAt: new Date() })
    .where(and(eq(chatUsers.customerId, customerId), eq(chatUsers.id, id), isNull(chatUsers.deletedAt)))
    .returning({ id: chatUsers.id, name: chatUsers.name, userId: chatUsers.userId });
  return row ?? null;
}

/** Whether the customer has an active subscription of a family (subscriptions is one row per customer and plan). */
export async function hasActiveSubscription(db: DbOrTx, customerId: string, family: Family) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.customerId, customerId),
        eq(subscriptions.family, family),
        eq(subscriptions.status, 'active'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
