import { z } from 'zod/mini';
import { idOf, text } from './common.ts';
import { withData } from './envelope.ts';

/**
 * API keys (DECISIONS §13): a key acts for the account, not a person (removing the member who made it does not stop
 * it). Created by Owners and Admins under `/api/v1/admin/api-keys`; answered once in full (`fdk_` + 32 random bytes,
 * base64url), stored hashed. A key sends `authorization: Bearer fdk_…` to the customer API's own paths; a call outside
 * its scopes answers 403 `E_SCOPE`; team, API-key, webhook and payment calls are never open to keys.
 */

export const API_KEY_SCOPES = ['devices:read', 'devices:write', 'commands:write', 'billing:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope opens, in words (the create dialog shows it). */
export const API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'devices:read': 'Read devices, profiles, groups, templates, rollouts, commands, logs and the audit log',
  'devices:write': 'Change profiles, groups, templates and rollouts; log devices out',
  'commands:write': 'Send and cancel remote commands (lock, reboot, ring, locate, lost mode…)',
  'billing:read': 'Read plans, licences, subscriptions, payments and invoices',
};

/** Every key starts with this (secret scanners and people recognise it). */
export const API_KEY_PREFIX = 'fdk_';
/** Requests a key may make per minute unless the account's limit says otherwise (DECISIONS §13). */
export const API_KEY_DEFAULT_RATE_LIMIT = 600;
/** Keys an account may hold (revoked ones not counted). */
export const MAX_API_KEYS = 50;

export const apiKeyIdSchema = idOf('API key');
export const apiKeyIdParamsSchema = z.object({ id: apiKeyIdSchema });

const scopeSchema = z.enum(API_KEY_SCOPES, { error: `must be one of ${API_KEY_SCOPES.join(', ')}` });

export const apiKeyCreateRequestSchema = z.object({
  name: text().check(
    z.trim(),
    z.minLength(1, { error: 'is required' }),
    z.maxLength(100, { error: 'must be at most 100 characters' }),
  ),
  scopes: z.array(scopeSchema).check(
    z.minLength(1, { error: 'must name at least one scope' }),
    z.maxLength(API_KEY_SCOPES.length, { error: 'names a scope twice' }),
    z.refine((s) => new Set(s).size === s.length, { error: 'names a scope twice' }),
  ),
  /** ISO-8601 date-time in the future; omitted or null: the key does not expire. */
  expiresAt: z.optional(
    z.nullable(
      z.iso
        .datetime({ offset: true, error: 'must be a date and time (ISO 8601)' })
        .check(z.refine((v) => Date.parse(v) > Date.now(), { error: 'must be in the future' })),
    ),
  ),
});
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateRequestSchema>;

/** One key as the list shows it: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The key's first characters (`fdk_AbC1…`), to recognise it. */
  prefix: z.string(),
  scopes: z.array(scopeSchema),
  /** The member who created it (the key outlives them), by name; null once they are gone from the team. */
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  /** Last authenticated request with it (kept to the minute). */
  lastUsedAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  /** Requests per minute. */
  rateLimit: z.int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponseSchema = withData(z.array(apiKeySchema));
/** The create's answer: the key in full, shown this once. */
export const apiKeyCreateResponseSchema = withData(z.extend(apiKeySchema, { key: z.string() }));
