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
) {
  const wrong = () =>
    new AppError(400, 'E_OTP_INVALID', 'The code is incorrect. Please check the email and try again.');
  if (!subjectId) throw wrong();
  const row = await repo.latestCode(db, { realm, subjectId }, purpose);
  if (!row || row.consumedAt) {
    throw new AppError(400, 'E_OTP_EXPIRED', 'This code is no longer valid. Please log in again to get a new code.');
  }
  if (row.attempts >= MAX_WRONG_TRIES) {
    throw new AppError(400, 'E_OTP_EXHAUSTED', 'Too many wrong codes. Please log in again to get a new code.');
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError(400, 'E_OTP_EXPIRED', 'This code has expired. Please log in again to get a new code.');
  }
  if (!safeEqualHex(hmac(key, `${subjectId}:${code}`), row.codeHash)) {
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
