import type { Db, DbOrTx } from '../../db/client.ts';
import type { customers } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { SignedInMember } from '../../lib/actor.ts';
import * as repo from './repository.ts';

export type { Realm } from './repository.ts';
import type { Realm } from './repository.ts';

/**
 * How long a session lasts, by realm: customers 12 h idle and 30 days absolute (DECISIONS §4); staff sessions open every
 * customer's data, so 30 minutes idle and 12 h absolute (issue 24, item 6).
 */
export const SESSION_LIFETIMES: Record<Realm, { idleMs: number; absoluteMs: number }> = {
  customer: { idleMs: 12 * 3600_000, absoluteMs: 30 * 24 * 3600_000 },
  staff: { idleMs: 30 * 60_000, absoluteMs: 12 * 3600_000 },
};
/** last_seen_at is written at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionInfo {
  sessionId: string;
  subjectId: string;
  /** Login-as (DECISIONS §8): the staff member behind a customer session, or null. */
  impersonatorId: string | null;
  /** The absolute end (a login-as session's 60 minutes: the console's banner counts down to it). */
  expiresAt: Date;
  /**
   * The member of the account signed in (DECISIONS §12), read with the session so a new role or scope applies at
   * once; null for a staff session and for a customer session older than the team (its registrant, an Owner).
   */
  member: SignedInMember | null;
  /**
   * An API key's request (DECISIONS §13): it acts for the whole account (member null, the devices of the account);
   * `sessionId` is then the key's id and `expiresAt` its expiry (or far away).
   */
  apiKey?: { id: string; name: string; /** `ApiKeyScope`s as stored */ scopes: readonly string[] } | null;
}

export async function createSession(
  tx: DbOrTx,
  realm: Realm,
  subjectId: string,
  meta: { userAgent?: string | null; ip?: string | null },
  opts: { impersonatorId?: string; lifetimeMs?: number; memberId?: string | null } = {},
): Promise<string> {
  const token = randomToken();
  await repo.insertSession(tx, {
    tokenHash: sha256(token),
    realm,
    subjectId,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip ?? null,
    expiresAt: new Date(Date.now() + (opts.lifetimeMs ?? SESSION_LIFETIMES[realm].absoluteMs)),
    impersonatorId: opts.impersonatorId ?? null,
    memberId: opts.memberId ?? null,
  });
  return token;
}

/** Accepts `<token>` or `Bearer <token>` (DECISIONS §2). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  return value.length >= 20 && value.length <= 200 ? value : null;
}

export async function authenticate(db: Db, realm: Realm, header: string | undefined): Promise<SessionInfo> {
  const token = tokenFromHeader(header);
  if (!token) throw unauthorized('Please log in to continue.');
  if (realm === 'customer') return checkedSession(db, realm, await repo.findCustomerSession(db, sha256(token)));
  return checkedSession(db, realm, await repo.findSession(db, realm, sha256(token)));
}

/** `authenticate` in the customer realm, with the customer's row read by the same query (null if it is gone). */
export async function authenticateCustomerWithRow(
  db: Db,
  header: string | undefined,
): Promise<{ session: SessionInfo; customer: typeof customers.$inferSelect | null }> {
  const token = tokenFromHeader(header);
  if (!token) throw unauthorized('Please log in to continue.');
  const row = await repo.findCustomerSessionWithRow(db, sha256(token));
  return { session: await checkedSession(db, 'customer', row), customer: row?.customer ?? null };
}

/** A found session row's checks (revoked, absolute and idle expiry) and its once-a-minute touch. */
async function checkedSession(
  db: Db,
  realm: Realm,
  row: {
    id: string;
    subjectId: string;
    lastSeenAt: Date;
    expiresAt: Date;
    revokedAt: Date | null;
    impersonatorId: string | null;
    memberId: string | null;
    memberRole?: SignedInMember['role'] | null;
    memberGroupIds?: string[] | null;
    memberRemovedAt?: Date | null;
  } | null,
): Promise<SessionInfo> {
  if (!row || row.revokedAt) throw unauthorized();
  // A removed member's sessions are revoked with the removal; a row gone or removed in between opens nothing either.
  if (row.memberId && (!row.memberRole || row.memberRemovedAt)) throw unauthorized();
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_LIFETIMES[realm].idleMs <= now) {
    throw unauthorized('Your session has expired. Please log in again.', 'E_SESSION_EXPIRED');
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(db, row.id);
  return {
    sessionId: row.id,
    subjectId: row.subjectId,
    impersonatorId: row.impersonatorId,
    expiresAt: row.expiresAt,
    member:
      row.memberId && row.memberRole
        ? { id: row.memberId, role: row.memberRole, groupIds: row.memberGroupIds ?? null }
        : null,
  };
}

export {
  revokeAllSessions,
  revokeMemberSessions,
  revokeRegistrantSessions,
  revokeSession,
  revokeStaffMemberSessions,
} from './repository.ts';
