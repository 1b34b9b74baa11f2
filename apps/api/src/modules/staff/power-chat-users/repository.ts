import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countCapped, likeEscape, utcMicros, keysetPage } from '../../../db/paging.ts';
import { chatUsers, customers } from '../../../db/schema.ts';
import { type DateRange, type TimePage, inDateRange, keysetWindow, timeKey } from '../shared/lists-repository.ts';

// ---------------------------------------------------------------------------------------------- Power Chat users

const chatWhere = (f: DateRange & { company?: string | undefined }) =>
  and(
    isNull(chatUsers.deletedAt),
    inDateRange(chatUsers.createdAt, f),
    f.company
      ? sql`(${customers.name} ilike ${`%${likeEscape(f.company)}%`} or ${customers.email} ilike ${`%${likeEscape(f.company)}%`})`
      : undefined,
  );

export async function listChatUsers(db: DbOrTx, f: DateRange & { company?: string | undefined }, page: TimePage) {
  const query = db
    .select({
      id: chatUsers.id,
      userId: chatUsers.userId,
      name: chatUsers.name,
      customerId: chatUsers.customerId,
      customerName: customers.name,
      email: customers.email,
      createdAt: chatUsers.createdAt,
      createdAtMicros: utcMicros(chatUsers.createdAt),
    })
    .from(chatUsers)
    .innerJoin(customers, eq(customers.id, chatUsers.customerId))
    .$dynamic();
  return keysetPage(query, chatWhere(f), timeKey(chatUsers.createdAt, chatUsers.id), keysetWindow(page));
}

export const countChatUsers = (db: DbOrTx, f: DateRange & { company?: string | undefined }) =>
  countCapped(db, chatUsers, chatWhere(f), (q) => q.innerJoin(customers, eq(customers.id, chatUsers.customerId)));
