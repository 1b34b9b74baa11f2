import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.ts';
import { customers, loginAddressFailures, staffUsers } from '../db/schema.ts';
import { tooMany } from '../lib/errors.ts';
import { addressKey } from '../lib/rate-limit.ts';

/**
 * DECISIONS §4 for both realms (issue 24, item 4): failed sign-ins count per account **and** client address (IPv6 by
 * its /64). 10 wrong passwords in 15 minutes from one address refuse that account from that address for 15 minutes;
 * across all addresses, more than 20 attempts in 15 minutes make the account's login ask for the captcha instead of
 * refusing, so nobody can lock another person out by knowing their email. No permanent lockout. Every attempt is
 * counted before the slow password check, atomically, so a parallel burst cannot have more of its guesses verified.
 */
export const ADDRESS_MAX_FAILURES = 10;
export const LOCK_MINUTES = 15;
export const CAPTCHA_AFTER_ATTEMPTS = 20;

export type AccountRealm = 'customer' | 'staff';

export interface SignInSubject {
  realm: AccountRealm;
  accountId: string;
  /** The client address as the request saw it. */
  ip: string;
}

const tableOf = (realm: AccountRealm) =>
  realm === 'customer' ? customers : (staffUsers as unknown as typeof customers);

export type AttemptClaim = { ok: true; attempt: number; captchaNeeded: boolean } | { ok: false; lockedUntil: Date };

/**
 * Counts a password attempt before it is checked. Per address: one atomic upsert that refuses while the address is
 * locked out of the account and numbers the attempt in its window; attempts beyond `ADDRESS_MAX_FAILURES` lock the
 * address and are refused unverified. Per account: the attempts of the window across all addresses; beyond
 * `CAPTCHA_AFTER_ATTEMPTS` the caller asks for the captcha. A right password clears both (`clearFailedLogins`), a
 * wrong one calls `failLoginAttempt` with its number.
 */
export async function claimLoginAttempt(db: Db, who: SignInSubject): Promise<AttemptClaim> {
  const address = addressKey(who.ip);
  const windowOpen = sql`f.window_start >= now() - make_interval(mins => ${LOCK_MINUTES})`;
  const claimed = await db.execute<{ attempts: number }>(sql`
    insert into login_address_failures as f (realm, account_id, address, attempts, window_start)
    values (${who.realm}, ${who.accountId}, ${address}, 1, now())
    on conflict (realm, account_id, address) do update set
      attempts = case when ${windowOpen} then f.attempts + 1 else 1 end,
      window_start = case when ${windowOpen} then f.window_start else now() end,
      locked_until = null
    where f.locked_until is null or f.locked_until <= now()
    returning f.attempts`);
  const attempt = claimed.rows[0] ? Number(claimed.rows[0].attempts) : null;
  if (attempt === null || attempt > ADDRESS_MAX_FAILURES) {
    if (attempt !== null) await lockAddress(db, who);
    const lockedUntil = await lockedUntilOf(db, who);
    return { ok: false, lockedUntil: lockedUntil ?? new Date(Date.now() + LOCK_MINUTES * 60_000) };
  }
  const t = tableOf(who.realm);
  const accountWindowOpen = sql`${t.failedLoginWindowStart} is not null and ${t.failedLoginWindowStart} >= now() - make_interval(mins => ${LOCK_MINUTES})`;
  const [account] = await db
    .update(t)
    .set({
      failedLoginCount: sql`case when ${accountWindowOpen} then ${t.failedLoginCount} + 1 else 1 end`,
      failedLoginWindowStart: sql`case when ${accountWindowOpen} then ${t.failedLoginWindowStart} else now() end`,
    })
    .where(eq(t.id, who.accountId))
    .returning({ count: t.failedLoginCount });
  return { ok: true, attempt, captchaNeeded: (account?.count ?? 0) > CAPTCHA_AFTER_ATTEMPTS };
}

/**
 * The 429 of a sign-in refused while the address is locked out of the account, saying when to come back; `advice`
 * ends the sentence for realms that have more to offer (a customer can reset the password).
 */
export function lockedOutError(until: Date, advice = '') {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return tooMany(
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}${advice}.`,
    'E_ACCOUNT_LOCKED',
    (until.getTime() - Date.now()) / 1000,
  );
}

/** A claimed attempt was a wrong password: true when it was the last one allowed, which locks the address out. */
export async function failLoginAttempt(db: DbOrTx, who: SignInSubject, attempt: number): Promise<boolean> {
  if (attempt < ADDRESS_MAX_FAILURES) return false;
  await lockAddress(db, who);
  return true;
}

/** The end of the address's lock for the account, or null when it is not locked out now. */
export async function lockedUntilOf(db: DbOrTx, who: SignInSubject): Promise<Date | null> {
  const f = loginAddressFailures;
  const [row] = await db
    .select({ lockedUntil: f.lockedUntil })
    .from(f)
    .where(and(...keyOf(who), gt(f.lockedUntil, sql`now()`)));
  return row?.lockedUntil ?? null;
}

const keyOf = (who: SignInSubject) => [
  eq(loginAddressFailures.realm, who.realm),
  eq(loginAddressFailures.accountId, who.accountId),
  eq(loginAddressFailures.address, addressKey(who.ip)),
];

async function lockAddress(db: DbOrTx, who: SignInSubject) {
  await db
    .update(loginAddressFailures)
    .set({ lockedUntil: sql`now() + make_interval(mins => ${LOCK_MINUTES})`, attempts: 0 })
    .where(and(...keyOf(who)));
}

/**
 * A right password: the counts of the account and of this address start again. A lock a parallel burst set
 * meanwhile stays (issue 12, item 2).
 */
export async function clearFailedLogins(db: DbOrTx, who: SignInSubject) {
  const f = loginAddressFailures;
  await db.delete(f).where(and(...keyOf(who), or(isNull(f.lockedUntil), lte(f.lockedUntil, sql`now()`))));
  const t = tableOf(who.realm);
  await db.update(t).set({ failedLoginCount: 0, failedLoginWindowStart: null }).where(eq(t.id, who.accountId));
}

/** A password reset proves the mailbox: every count and address lock of the account ends. */
export async function clearAllFailedLogins(db: DbOrTx, realm: AccountRealm, accountId: string) {
  const f = loginAddressFailures;
  await db.delete(f).where(and(eq(f.realm, realm), eq(f.accountId, accountId)));
  const t = tableOf(realm);
  await db.update(t).set({ failedLoginCount: 0, failedLoginWindowStart: null }).where(eq(t.id, accountId));
}

/** Rows whose window and lock have both passed count nothing any more. */
export async function sweepLoginFailures(db: Db) {
  await db.execute(sql`
    delete from login_address_failures
     where window_start < now() - interval '1 day'
       and (locked_until is null or locked_until < now())`);
}
