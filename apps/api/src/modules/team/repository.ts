import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountInvites, accountMembers, customers, deviceGroups } from '../../db/schema.ts';

/** The people of an account and their invitations (DECISIONS §12). SQL of the team lives here. */

export type MemberRow = typeof accountMembers.$inferSelect;
export type InviteRow = typeof accountInvites.$inferSelect;

/** The account's registrant member (written by the `customers_registrant_member` trigger). */
export async function registrantOf(db: DbOrTx, customerId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(accountMembers)
    .where(and(eq(accountMembers.customerId, customerId), eq(accountMembers.registrant, true)));
  return row ?? null;
}

/** A member who signs in with their own email (not the registrant, not removed). */
export async function findMemberByEmail(db: DbOrTx, email: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(accountMembers)
    .where(and(eq(accountMembers.email, email.toLowerCase()), isNull(accountMembers.removedAt)));
  return row ?? null;
}

export async function findMember(db: DbOrTx, customerId: string, memberId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(accountMembers)
    .where(
      and(eq(accountMembers.id, memberId), eq(accountMembers.customerId, customerId), isNull(accountMembers.removedAt)),
    );
  return row ?? null;
}

/** A member by id whatever the account (their own sign-in, reset link, two-step). */
export async function findMemberById(db: DbOrTx, memberId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(accountMembers)
    .where(and(eq(accountMembers.id, memberId), isNull(accountMembers.removedAt)));
  return row ?? null;
}

/**
 * The account's members with the registrant's name and email from the account, oldest first; with `memberId`, that
 * one member only (none when it is another account's).
 */
export async function listMembers(db: DbOrTx, customerId: string, memberId?: string) {
  return db
    .select({
      member: accountMembers,
      accountName: customers.name,
      accountEmail: customers.email,
      accountTwoStep: customers.twoStepEnabled,
    })
    .from(accountMembers)
    .innerJoin(customers, eq(customers.id, accountMembers.customerId))
    .where(
      and(
        eq(accountMembers.customerId, customerId),
        isNull(accountMembers.removedAt),
        memberId ? eq(accountMembers.id, memberId) : undefined,
      ),
    )
    .orderBy(asc(accountMembers.createdAt), asc(accountMembers.id));
}

export async function insertMember(tx: DbOrTx, values: typeof accountMembers.$inferInsert) {
  const [row] = await tx.insert(accountMembers).values(values).returning();
  return row!;
}

export async function updateMember(
  tx: DbOrTx,
  memberId: string,
  values: Partial<Pick<MemberRow, 'role' | 'groupIds' | 'passwordHash' | 'twoStepEnabled' | 'name' | 'lastLoginAt'>>,
) {
  const [row] = await tx.update(accountMembers).set(values).where(eq(accountMembers.id, memberId)).returning();
  return row ?? null;
}

export async function markMemberRemoved(tx: DbOrTx, memberId: string) {
  await tx
    .update(accountMembers)
    .set({ removedAt: sql`now()` })
    .where(eq(accountMembers.id, memberId));
}

/** Owners of the account, locked so two demotions or removals at once cannot leave none (the last-Owner rule). */
export async function lockOwners(tx: DbOrTx, customerId: string): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`
    select id from account_members
    where customer_id = ${customerId} and removed_at is null and role = 'Owner'
    for update`);
  return rows.rows.map((r) => r.id);
}

/** Is this email already someone's sign-in: an account's own email or a member's. */
export async function emailInUse(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from customers where email = ${email}
    union all
    select 1 from account_members where email = ${email} and removed_at is null
    limit 1`);
  return rows.rows.length > 0;
}

// ----------------------------------------------------------------------------------------------------- invites

export async function listOpenInvites(db: DbOrTx, customerId: string): Promise<InviteRow[]> {
  return db
    .select()
    .from(accountInvites)
    .where(
      and(
        eq(accountInvites.customerId, customerId),
        isNull(accountInvites.acceptedAt),
        isNull(accountInvites.revokedAt),
      ),
    )
    .orderBy(asc(accountInvites.createdAt), asc(accountInvites.id));
}

export async function findOpenInvite(db: DbOrTx, customerId: string, inviteId: string): Promise<InviteRow | null> {
  const [row] = await db
    .select()
    .from(accountInvites)
    .where(
      and(
        eq(accountInvites.id, inviteId),
        eq(accountInvites.customerId, customerId),
        isNull(accountInvites.acceptedAt),
        isNull(accountInvites.revokedAt),
      ),
    );
  return row ?? null;
}

export async function findOpenInviteByEmail(db: DbOrTx, customerId: string, email: string) {
  const [row] = await db
    .select()
    .from(accountInvites)
    .where(
      and(
        eq(accountInvites.customerId, customerId),
        eq(accountInvites.email, email),
        isNull(accountInvites.acceptedAt),
        isNull(accountInvites.revokedAt),
      ),
    );
  return row ?? null;
}

export async function insertInvite(tx: DbOrTx, values: typeof accountInvites.$inferInsert) {
  const [row] = await tx.insert(accountInvites).values(values).returning();
  return row!;
}

/** A resend: a new token and 7 more days; the old link stops working. */
export async function renewInvite(tx: DbOrTx, inviteId: string, tokenHash: string, expiresAt: Date) {
  const [row] = await tx
    .update(accountInvites)
    .set({ tokenHash, expiresAt })
    .where(eq(accountInvites.id, inviteId))
    .returning();
  return row!;
}

export async function revokeInvite(tx: DbOrTx, inviteId: string) {
  await tx
    .update(accountInvites)
    .set({ revokedAt: sql`now()` })
    .where(eq(accountInvites.id, inviteId));
}

/** The invite of a token in any state, to say why a link does not work. */
export async function findInviteByToken(db: DbOrTx, tokenHash: string): Promise<InviteRow | null> {
  const [row] = await db.select().from(accountInvites).where(eq(accountInvites.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Takes an invite for acceptance: only an open, unexpired one, and only once (the check and the mark are one
 * statement, so two accepts of one link cannot both pass).
 */
export async function claimInvite(tx: DbOrTx, tokenHash: string): Promise<InviteRow | null> {
  const [row] = await tx
    .update(accountInvites)
    .set({ acceptedAt: sql`now()` })
    .where(
      and(
        eq(accountInvites.tokenHash, tokenHash),
        isNull(accountInvites.acceptedAt),
        isNull(accountInvites.revokedAt),
        sql`${accountInvites.expiresAt} > now()`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The names of the account's groups among `ids` (the team page shows names; ids of other accounts are not found). */
export async function groupNames(db: DbOrTx, customerId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: deviceGroups.id, name: deviceGroups.name })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.customerId, customerId), sql`${deviceGroups.id} = any(${sql.param(ids)}::uuid[])`));
}

/** Who is told about an account (DECISIONS §12): its state (`account`) or its money (`billing`). */
export type Audience = 'account' | 'billing' | 'payment-failure' | 'owners';

const AUDIENCE_ROLES: Record<Audience, readonly string[]> = {
  account: ['Owner', 'Admin'],
  billing: ['Owner', 'Billing'],
  // A failed payment concerns both (issue 27: the account's people and its payers).
  'payment-failure': ['Owner', 'Admin', 'Billing'],
  // What only the Owners decide on (a webhook endpoint disabled after failing for days, DECISIONS §13).
  owners: ['Owner'],
};

/**
 * People to tell about the account: Owners and Admins (`account`), or Owners and Billing members (`billing`), each
 * with the name to greet them by (the registrant's are the account's email and name), oldest member first.
 * Removed members are not told; the registrant always has a row (the `customers_registrant_member` trigger).
 */
export async function recipients(db: DbOrTx, customerId: string, about: Audience) {
  const rows = await db.execute<{ email: string; name: string }>(sql`
    select coalesce(m.email, c.email) as email,
      case when m.registrant then coalesce(nullif(c.name, ''), c.email)
        else coalesce(nullif(m.name, ''), m.email) end as name
    from account_members m join customers c on c.id = m.customer_id
    where m.customer_id = ${customerId} and m.removed_at is null
      and m.role = any(${sql.param(AUDIENCE_ROLES[about])}::text[])
    order by m.created_at, m.id`);
  return rows.rows;
}

/** The addresses of `recipients`. */
export async function recipientEmails(db: DbOrTx, customerId: string, about: Audience) {
  return (await recipients(db, customerId, about)).map((r) => r.email);
}

/** How an audit row names a person of the account: the member's name or email; the registrant's is the account's. */
export interface AuditedPerson {
  id: string;
  registrant: boolean;
  name: string;
}

/**
 * The people among `memberIds` (removed ones too: the audit keeps naming them) and always the registrant, of this
 * account only (an id of another account is not found). The registrant is named by the account's name.
 */
export async function auditedPeople(
  db: DbOrTx,
  customerId: string,
  memberIds: readonly string[],
): Promise<AuditedPerson[]> {
  const rows = await db.execute<{ id: string; registrant: boolean; name: string }>(sql`
    select m.id, m.registrant,
      case when m.registrant then coalesce(nullif(c.name, ''), c.email)
           else coalesce(nullif(m.name, ''), m.email, '') end as name
    from account_members m join customers c on c.id = m.customer_id
    where m.customer_id = ${customerId}
      and (m.registrant or m.id = any(${sql.param(memberIds)}::uuid[]))`);
  return rows.rows;
}
