import type { Db, DbOrTx } from '../../db/client.ts';
import { hmac, randomDigits, safeEqualHex } from '../../lib/crypto.ts';
import { AppError, tooMany } from '../../lib/errors.ts';
import type { Realm } from '../sessions/service.ts';
import * as repo from './repository.ts';

/** DECISIONS §4: valid 10 min, single use, dead after 5 wrong tries, at most 5 sent per hour. */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;
export const MAX_CODES_PER_HOUR = 5;

export async function issueCode(
  tx: DbOrTx,
  key: Buffer,
  realm: Realm,
  subjectId: string,
  purpose: string,
  length: number,
): Promise<string> {
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
  return code;
}

/** Spends every pending code of the owner (a password change or reset, issue 12, item 8). */
export const closeAllCodes = (tx: DbOrTx, realm: Realm, subjectId: string) =>
  repo.closeAllOpenCodes(tx, { realm, subjectId });

/** The opaque id of the login attempt a code was sent for: a keyed hash of the code row's id. */
export const challengeOf = (key: Buffer, codeId: string) => hmac(key, `challenge:${codeId}`);

/** Issues a code and names the attempt it belongs to (`challengeId` of the login answer). */
export async function issueChallengeCode(
  tx: DbOrTx,
  key: Buffer,
  realm: Realm,
  subjectId: string,
  purpose: string,
  length: number,
): Promise<{ code: string; challengeId: string }> {
  const code = await issueCode(tx, key, realm, subjectId, purpose, length);
  const row = await repo.latestCode(tx, { realm, subjectId }, purpose);
  return { code, challengeId: challengeOf(key, row!.id) };
}

/** Stands in for an owner that does not exist, so an unknown email costs the same lookup as a known one. */
const NOBODY = '00000000-0000-4000-8000-000000000000';

/**
 * Checks a code. Wrong tries are counted atomically; the right code is consumed atomically, so two
 * requests racing with the same code cannot both win.
 */
export async function consumeCode(
  db: Db,
  key: Buffer,
  realm: Realm,
  subjectId: string | null,
  purpose: string,
  code: string,
  opts: { challengeId?: string | undefined; countWrongTries?: boolean } = {},
) {
  const wrong = () =>
    new AppError(400, 'E_OTP_INVALID', 'The code is incorrect. Please check the email and try again.');
  // An unknown owner and an owner without any code answer alike, after the same lookup (issue 12, item 3).
  const row = await repo.latestCode(db, { realm, subjectId: subjectId ?? NOBODY }, purpose);
  if (!subjectId || !row) {
    hmac(key, `${subjectId ?? NOBODY}:${code}`);
    throw wrong();
  }
  if (
    opts.challengeId !== undefined &&
    !(/^[0-9a-f]{64}$/.test(opts.challengeId) && safeEqualHex(challengeOf(key, row.id), opts.challengeId))
  ) {
    throw new AppError(400, 'E_OTP_EXPIRED', 'This code is no longer valid. Please log in again to get a new code.');
  }
  if (row.consumedAt) {
    throw new AppError(400, 'E_OTP_EXPIRED', 'This code is no longer valid. Please log in again to get a new code.');
  }
  if (row.attempts >= MAX_WRONG_TRIES) {
    throw new AppError(400, 'E_OTP_EXHAUSTED', 'Too many wrong codes. Please log in again to get a new code.');
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError(400, 'E_OTP_EXPIRED', 'This code has expired. Please log in again to get a new code.');
  }
  if (!safeEqualHex(hmac(key, `${subjectId}:${code}`), row.codeHash)) {
    // Without the challenge the caller counts the wrong try elsewhere: a stranger cannot burn the login's code.
    if (opts.countWrongTries === false) throw wrong();
    const attempts = await repo.countWrongTry(db, row.id);
    if ((attempts ?? MAX_WRONG_TRIES) >= MAX_WRONG_TRIES) {
      throw new AppError(400, 'E_OTP_EXHAUSTED', 'Too many wrong codes. Please log in again to get a new code.');
    }
    throw wrong();
  }
  const won = await repo.consumeOpenCode(db, row.id, MAX_WRONG_TRIES);
  if (!won)
    throw new AppError(400, 'E_OTP_EXPIRED', 'This code was already used. Please log in again to get a new code.');
}
