import type { Db, DbOrTx } from '../../db/client.ts';
import { hmac, randomDigits, safeEqualHex } from '../../lib/crypto.ts';
import { AppError, tooMany } from '../../lib/errors.ts';
import type { Realm } from '../sessions/service.ts';
import * as repo from './repository.ts';

/** DECISIONS §4: valid 10 min, single use, dead after 5 wrong tries, at most 5 sent per hour. */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;
export const MAX_CODES_PER_HOUR = 5;

/**
 * Issues a code and names the attempt it belongs to (`challengeId` of the login answer): at most 5 codes an hour per
 * owner, and a new code replaces any earlier one that is still open.
 */
export async function issueChallengeCode(
  tx: DbOrTx,
  key: Buffer,
  realm: Realm,
  subjectId: string,
  purpose: string,
  length: number,
): Promise<{ code: string; challengeId: string }> {
  const owner = { realm, subjectId };
  const recent = await repo.codesOfLastHour(tx, owner);
  if (recent.n >= MAX_CODES_PER_HOUR) {
    const retry = recent.oldest ? new Date(recent.oldest).getTime() + 3600_000 - Date.now() : 3600_000;
    throw tooMany(
      `Too many codes were sent to this account. Please try again in ${Math.ceil(retry / 60_000)} minutes.`,
      'E_OTP_SEND_LIMIT',
      retry / 1000,
    );
  }
  // A new code replaces any earlier one that is still open.
  await repo.closeOpenCodes(tx, owner, purpose);
  const code = randomDigits(length);
  await repo.insertCode(tx, {
    realm,
    subjectId,
    purpose,
    codeHash: hmac(key, `${subjectId}:${code}`),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const row = await repo.latestCode(tx, owner, purpose);
  return { code, challengeId: challengeOf(key, row!.id) };
}

/** Spends every pending code of the owner (a password change or reset, issue 12, item 8). */
export const closeAllCodes = (tx: DbOrTx, realm: Realm, subjectId: string) =>
  repo.closeAllOpenCodes(tx, { realm, subjectId });

/** The opaque id of the login attempt a code was sent for: a keyed hash of the code row's id. */
export const challengeOf = (key: Buffer, codeId: string) => hmac(key, `challenge:${codeId}`);

/** Stands in for an owner that does not exist, so an unknown email costs the same lookup as a known one. */
const NOBODY = '00000000-0000-4000-8000-000000000000';

const wrongCode = () =>
  new AppError(400, 'E_OTP_INVALID', 'The code is incorrect. Please check the email and try again.');
const staleCode = () =>
  new AppError(400, 'E_OTP_EXPIRED', 'This code is no longer valid. Please log in again to get a new code.');
export const codesExhausted = () =>
  new AppError(400, 'E_OTP_EXHAUSTED', 'Too many wrong codes. Please log in again to get a new code.');

/**
 * Checks a code; the right one is consumed atomically, so two requests racing with the same code cannot both win.
 *
 * With the login answer's `challengeId` (the caller passed the password step): the try is counted on the code before
 * it is checked, atomically (DECISIONS §4), so parallel guesses check at most 5; the answers then say why a code is
 * refused. A challenge that does not name the owner's latest code answers "no longer valid", for an unknown email too.
 *
 * Without it (the customer's spec payload, `email` alone) the caller has counted the try against the email already;
 * every refusal is then the same "incorrect" answer, so a code check tells nobody whether an email has an account,
 * is staff, uses two-step or has just logged in (issue 24, item 6).
 */
export async function consumeCode(
  db: Db,
  key: Buffer,
  realm: Realm,
  subjectId: string | null,
  purpose: string,
  code: string,
  challengeId?: string,
) {
  const owner = subjectId ?? NOBODY;
  const row = await repo.latestCode(db, { realm, subjectId: owner }, purpose);
  const matches = () => safeEqualHex(hmac(key, `${owner}:${code}`), row?.codeHash ?? '');
  if (challengeId === undefined) {
    const right = matches();
    const open = row && subjectId && !row.consumedAt && row.expiresAt.getTime() > Date.now();
    if (!open || row.attempts >= MAX_WRONG_TRIES || !right) throw wrongCode();
    if (!(await repo.consumeOpenCode(db, row.id, MAX_WRONG_TRIES))) throw wrongCode();
    return;
  }
  const named = /^[0-9a-f]{64}$/.test(challengeId) && row && safeEqualHex(challengeOf(key, row.id), challengeId);
  if (!row || !subjectId || !named || row.consumedAt) throw staleCode();
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError(400, 'E_OTP_EXPIRED', 'This code has expired. Please log in again to get a new code.');
  }
  const tries = await repo.claimTry(db, row.id, MAX_WRONG_TRIES);
  if (tries === null) throw codesExhausted();
  if (!matches()) throw tries >= MAX_WRONG_TRIES ? codesExhausted() : wrongCode();
  if (!(await repo.consumeOpenCode(db, row.id, MAX_WRONG_TRIES))) {
    throw new AppError(400, 'E_OTP_EXPIRED', 'This code was already used. Please log in again to get a new code.');
  }
}
