import {
  API_KEY_PREFIX,
  MAX_API_KEYS,
  type ApiKey,
  type ApiKeyCreateRequest,
  type ApiKeyScope,
} from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import { tokenFromHeader } from '../sessions/service.ts';
import * as repo from './repository.ts';

/** Characters of a key kept to recognise it (`fdk_` and 8 more). */
export const KEY_PREFIX_LENGTH = 12;
/** A key as sent: `fdk_` + 32 random bytes in base64url (43 characters), never the length of a session token. */
const KEY_PATTERN = /^fdk_[A-Za-z0-9_-]{43}$/;

/** The API key of an `authorization` header (`Bearer fdk_…` or the key alone), or null for anything else. */
export function apiKeyOfHeader(header: string | undefined): string | null {
  const value = tokenFromHeader(header);
  return value?.startsWith(API_KEY_PREFIX) ? value : null;
}

const keyAudit = (tx: DbOrTx, actor: CustomerActor, message: string) =>
  writeAudit(tx, { customerId: actor.id, type: 'User Account', subType: 'API Key', message, actor });

const toApiKey = (r: repo.ApiKeyRow): ApiKey => ({
  _id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes as ApiKeyScope[],
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  rateLimit: r.rateLimit,
});

/** The account's keys in use, newest first (never the keys themselves). */
export async function listKeys(ctx: AppContext, customerId: string): Promise<ApiKey[]> {
  return (await repo.listKeys(ctx.db, customerId)).map(toApiKey);
}

/** Creates a key and answers it in full, this once (only its SHA-256 and first characters are kept). */
export async function createKey(
  ctx: AppContext,
  actor: CustomerActor,
  input: { name: string; scopes: ApiKeyCreateRequest['scopes']; expiresAt?: string | null },
): Promise<ApiKey & { key: string }> {
  const key = `${API_KEY_PREFIX}${randomToken()}`;
  const id = await inTransaction(ctx.db, async (tx) => {
    await repo.lockAccountKeys(tx, actor.id);
    const open = await repo.openKeyCount(tx, actor.id, input.name);
    if (open.total >= MAX_API_KEYS) {
      throw new AppError(
        409,
        'E_CONFLICT',
        `This account already has ${MAX_API_KEYS} API keys, the most it may hold. Revoke one it no longer uses first.`,
      );
    }
    if (open.named > 0) {
      throw new AppError(409, 'E_CONFLICT', `An API key named "${input.name}" already exists. Choose another name.`);
    }
    const created = await repo.insertKey(tx, {
      customerId: actor.id,
      name: input.name,
      prefix: key.slice(0, KEY_PREFIX_LENGTH),
      keyHash: sha256(key),
      scopes: input.scopes,
      createdByMemberId: actor.member?.id ?? null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    await keyAudit(tx, actor, `API key "${input.name}" created (${input.scopes.join(', ')})`);
    return created;
  });
  const [row] = await repo.listKeys(ctx.db, actor.id, id);
  return { ...toApiKey(row!), key };
}

/** Revokes a key of the account at once; an id of another account (or a key revoked already) answers 404. */
export async function revokeKey(ctx: AppContext, actor: CustomerActor, keyId: string) {
  await inTransaction(ctx.db, async (tx) => {
    const revoked = await repo.revokeKey(tx, actor.id, keyId);
    if (!revoked) throw notFound('API key not found. It may have been revoked already.');
    await keyAudit(tx, actor, `API key "${revoked.name}" revoked`);
  });
}

/** 401 without the console's `is_logout` flag: a key's caller is a program, not a signed-in page. */
const keyRefused = (message: string) => new AppError(401, 'E_UNAUTHORIZED', message);

/** What a key-authenticated request is allowed, with its place in the key's per-minute limit. */
export interface KeyRequest {
  key: { id: string; customerId: string; name: string; scopes: readonly string[]; expiresAt: Date | null };
  limit: { max: number; remaining: number; resetSeconds: number; exceeded: boolean };
}

/**
 * Authenticates an API key (DECISIONS §13) and counts the request against the key's limit, in one round trip:
 * unknown, revoked or expired keys answer 401 saying which.
 */
export async function authenticateKey(db: Db, key: string): Promise<KeyRequest> {
  const used = KEY_PATTERN.test(key) ? await repo.useKey(db, sha256(key)) : null;
  if (!used) throw keyRefused('This API key is unknown. Check that it was copied in full.');
  if (used.revokedAt) throw keyRefused('This API key is revoked. Create a new key in the console.');
  if (used.count === null) throw keyRefused('This API key is expired. Create a new key in the console.');
  const max = used.rateLimit;
  return {
    key: used,
    limit: {
      max,
      remaining: Math.max(0, max - used.count),
      resetSeconds: Math.max(1, Math.ceil(used.resetSeconds ?? repo.KEY_WINDOW_SECONDS)),
      exceeded: used.count > max,
    },
  };
}

export { sweepKeyUsage } from './repository.ts';
