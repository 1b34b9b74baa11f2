import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { open, seal } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { insertNonce, spendNonce, voidOpenNonces } from './repository.ts';

/**
 * Emailed links carry `iv` and `encryptedData` (spec 1): AES-256-GCM over {userId, purpose, nonce, exp}.
 * The nonce is recorded when issued and spent when used, so a link works once (DECISIONS §4).
 */
export type LinkPurpose = 'verify-email' | 'reset-password';
export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  'verify-email': 24 * 3600_000,
  'reset-password': 60 * 60_000,
};

/**
 * The welcome email of a customer created by staff (DECISIONS §14): a reset-password link (the same page and call,
 * single use) valid for 7 days, as the customer may read it days later. A reset asked for meanwhile voids it.
 */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 3600_000;

interface LinkPayload {
  userId: string;
  purpose: LinkPurpose;
  nonce: string;
  exp: number;
}

export async function issueLink(
  tx: DbOrTx,
  key: Buffer,
  userId: string,
  purpose: LinkPurpose,
  ttlMs: number = LINK_TTL_MS[purpose],
) {
  const nonce = crypto.randomBytes(16).toString('hex');
  const exp = Date.now() + ttlMs;
  await insertNonce(tx, { nonce, purpose, subjectId: userId, expiresAt: new Date(exp) });
  return seal(key, { userId, purpose, nonce, exp } satisfies LinkPayload);
}

/** Voids every open link of this purpose for the user (issue 12, item 8). */
export const voidLinks = (tx: DbOrTx, userId: string, purpose: LinkPurpose) => voidOpenNonces(tx, userId, purpose);

/**
 * Opens a link without spending it: authentic, of this purpose, not expired (no database work). A caller with slow
 * work to do (hashing the new password) checks this first (issue 12, item 6); `consumeLink` checks again and spends.
 */
export function openLink(key: Buffer, purpose: LinkPurpose, iv: string, encryptedData: string): LinkPayload {
  const payload = open<LinkPayload>(key, iv, encryptedData);
  if (!payload || payload.purpose !== purpose || typeof payload.nonce !== 'string') {
    throw new AppError(
      400,
      'E_LINK_INVALID',
      'This link is invalid. Please use the link exactly as it appears in the email.',
    );
  }
  if (payload.exp <= Date.now()) {
    throw new AppError(
      400,
      'E_LINK_EXPIRED',
      purpose === 'verify-email'
        ? 'This verification link has expired. Log in to receive a new one.'
        : 'This reset link has expired. Please ask for a new one.',
    );
  }
  return payload;
}

/** Opens and spends a link inside the caller's transaction; returns the user id. */
export async function consumeLink(tx: DbOrTx, key: Buffer, purpose: LinkPurpose, iv: string, encryptedData: string) {
  const payload = openLink(key, purpose, iv, encryptedData);
  const subjectId = await spendNonce(tx, payload.nonce, purpose);
  if (subjectId !== payload.userId) {
    throw new AppError(400, 'E_LINK_USED', 'This link has already been used.');
  }
  return payload.userId;
}
