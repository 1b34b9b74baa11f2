import { and, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { accountMembers, customers, sessions, staffUsers } from '../../db/schema.ts';

export type Realm = 'customer' | 'staff';

export async function insertSession(tx: DbOrTx, values: typeof sessions.$inferInsert) {
  await tx.insert(sessions).values(values);
}

/** The columns of a session a signed-in request is checked with. */
const sessionCheckColumns = (() => {
  const { id, subjectId, lastSeenAt, expiresAt, revokedAt, impersonatorId, memberId } = getTableColumns(sessions);
  return { id, subjectId, lastSeenAt, expiresAt, revokedAt, impersonatorId, memberId };
})();

/** The signed-in member's role and scope, read with every customer request: a change applies at once. */
const memberColumns = {
  memberRole: accountMembers.role,
  memberGroupIds: accountMembers.groupIds,
  memberRemovedAt: accountMembers.removedAt,
};

/**
 * The session lookup of every signed-in request, as a named prepared statement (one per database handle): the query is
 * built once instead of on every request, and PostgreSQL parses and plans it once per connection.
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
const prepareSessionLookup = (db: Db) =>
  db
    .select(sessionCheckColumns)
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(sessions.realm, sql.placeholder('realm'))))
    .prepare('fleetdeck_session_by_token');

export async function findSession(db: Db, realm: Realm, tokenHash: string) {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  const [row] = await lookup.execute({ tokenHash, realm });
  return row ?? null;
}

/** The customer session lookup: the session with its member's role, groups and removal (DECISIONS §12). */
const customerSessionLookups = new WeakMap<Db, ReturnType<typeof prepareCustomerSessionLookup>>();
const prepareCustomerSessionLookup = (db: Db) =>
  db
    .select({ ...sessionCheckColumns, ...memberColumns })
    .from(sessions)
    .leftJoin(accountMembers, eq(accountMembers.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(sessions.realm, 'customer')))
    .prepare('fleetdeck_customer_session_member_by_token');

export async function findCustomerSession(db: Db, tokenHash: string) {
  let lookup = customerSessionLookups.get(db);
  if (!lookup) customerSessionLookups.set(db, (lookup = prepareCustomerSessionLookup(db)));
  const [row] = await lookup.execute({ tokenHash });
  return row ?? null;
}

/**
 * The customer session lookup with the customer's row in the same query (issue 13: the routes that answer from that
 * row, `users/detail`, make one round trip to PostgreSQL instead of two). `customer` is null if the row is gone.
 */
const sessionCustomerLookups = new WeakMap<Db, ReturnType<typeof prepareSessionCustomerLookup>>();
const prepareSessionCustomerLookup = (db: Db) =>
  db
    .select({ ...sessionCheckColumns, ...memberColumns, customer: getTableColumns(customers) })
    .from(sessions)
    .leftJoin(customers, eq(customers.id, sessions.subjectId))
    .leftJoin(accountMembers, eq(accountMembers.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(sessions.realm, 'customer')))
    .prepare('fleetdeck_customer_session_member_row_by_token');

export async function findCustomerSessionWithRow(db: Db, tokenHash: string) {
  let lookup = sessionCustomerLookups.get(db);
  if (!lookup) sessionCustomerLookups.set(db, (lookup = prepareSessionCustomerLookup(db)));
  const [row] = await lookup.execute({ tokenHash });
  return row ?? null;
}

export async function touchSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(tx: DbOrTx, sessionId: string, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(tx: DbOrTx, realm: Realm, subjectId: string, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.realm, realm), eq(sessions.subjectId, subjectId), isNull(sessions.revokedAt)));
}

/**
 * Ends everything a staff member's sign-in opened: their back-office sessions and the customer sessions they opened
 * with login-as (a password change or reset, a new role, disabling; issue 24, item 6).
 */
export async function revokeStaffMemberSessions(tx: DbOrTx, staffId: string, reason: string) {
  await revokeAllSessions(tx, 'staff', staffId, reason);
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: `login-as ended: ${reason}` })
    .where(and(eq(sessions.realm, 'customer'), eq(sessions.impersonatorId, staffId), isNull(sessions.revokedAt)));
}

/** Sessions expired or revoked over 30 days ago. */
export async function deleteOldSessions(db: DbOrTx) {
  await db.execute(
    sql`delete from sessions where expires_at < now() - interval '30 days' or revoked_at < now() - interval '30 days'`,
  );
}

/** The staff member behind a login-as session (the customer guard checks they are still enabled). */
export async function findImpersonator(db: DbOrTx, staffId: string) {
  const [row] = await db
    .select({ id: staffUsers.id, email: staffUsers.email, disabledAt: staffUsers.disabledAt })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  return row ?? null;
}

/** Ends a member's sessions (removal, a password change or reset of a member who is not the registrant). */
export async function revokeMemberSessions(tx: DbOrTx, memberId: string, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.realm, 'customer'), eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}

/** The registrant's sessions and the account's sessions older than the team (no member), not the other members'. */
export async function revokeRegistrantSessions(
  tx: DbOrTx,
  customerId: string,
  registrantMemberId: string | null,
  reason: string,
) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.realm, 'customer'),
        eq(sessions.subjectId, customerId),
        isNull(sessions.revokedAt),
        registrantMemberId ? or(isNull(sessions.memberId), eq(sessions.memberId, registrantMemberId)) : undefined,
      ),
    );
}
