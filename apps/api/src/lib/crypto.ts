import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { AppError } from './errors.ts';

const rawScrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * A process-wide bound on password hashing (issue 12, item 6): at most MAX_CONCURRENT_HASHES scrypt runs at once
 * (each takes 32 MB and a libuv thread), at most MAX_WAITING_HASHES waiting; beyond that the call is refused with
 * 503 at once instead of queueing the whole process behind it.
 */
export const MAX_CONCURRENT_HASHES = 4;
export const MAX_WAITING_HASHES = 64;
/** Counters of the password work done (tests check that a refused request did none). */
export const passwordWork = { runs: 0, refused: 0, running: 0, peak: 0 };
const waiting: (() => void)[] = [];

async function scrypt(
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) {
  if (passwordWork.running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES) {
      passwordWork.refused += 1;
      throw new AppError(
        503,
        'E_UNAVAILABLE',
        'The server is busy. Please try again in a moment.',
        {},
        { 'retry-after': '5' },
      );
    }
    // The slot is handed over by the run that ends (see finally): `running` stays within the bound.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    passwordWork.running += 1;
  }
  passwordWork.runs += 1;
  passwordWork.peak = Math.max(passwordWork.peak, passwordWork.running);
  try {
    return await rawScrypt(password, salt, keylen, options);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else passwordWork.running -= 1;
  }
}

/** scrypt's cost of new hashes as log2 N (DECISIONS §4 allows argon2id or scrypt; scrypt ships with Node). */
export const PASSWORD_HASH_COST = 15;
/** scrypt parameters of new hashes; a hash keeps its own (verifyPassword reads them from it). */
const SCRYPT = { N: 2 ** PASSWORD_HASH_COST, r: 8, p: 1, keylen: 32, maxmem: 64 * 1024 * 1024 };

/** Sets the cost of new hashes: the config's `passwordHashCost` (lower only in a test run), set at start-up. */
export function setPasswordHashCost(log2N: number) {
  SCRYPT.N = 2 ** log2N;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, SCRYPT.keylen, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash computed for unknown emails, so login takes as long whether or not the account exists. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(password, await dummyHash);
}

/** 256-bit random token, URL-safe. */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** Numeric code from the cryptographic generator. */
export const randomDigits = (length: number) => Array.from({ length }, () => crypto.randomInt(0, 10)).join('');

/** Keyed hash for short codes: a 4-digit code's plain SHA-256 would be trivially reversed. */
export const hmac = (key: Buffer, value: string) => crypto.createHmac('sha256', key).update(value).digest('hex');

export const safeEqualHex = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** AES-256-GCM: authenticated, so a tampered link fails to open rather than opening wrong. */
export function seal(key: Buffer, payload: unknown): { iv: string; encryptedData: string } {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return { iv: iv.toString('hex'), encryptedData: Buffer.concat([body, cipher.getAuthTag()]).toString('hex') };
}

export function open<T>(key: Buffer, iv: string, encryptedData: string): T | null {
  try {
    if (!/^[0-9a-f]{24}$/i.test(iv) || !/^[0-9a-f]+$/i.test(encryptedData) || encryptedData.length < 34) return null;
    const data = Buffer.from(encryptedData, 'hex');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'hex'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  } catch {
    return null;
  }
}
