import { apiKeysApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, areaRoutes, answerMessage } from '../../lib/area-routes.ts';
import { customerActorOf, requireMember, sessionOf } from '../../plugins/auth.ts';
import * as apiKeys from './service.ts';

const TAGS = ['API keys'];

/** The account's API keys (DECISIONS §13) under /api/v1/admin/api-keys: Owners and Admins; never open to keys. */
export const apiKeyRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: TAGS, guardFor: requireMember(ctx) }, (route) => {
    route(
      apiKeysApi.apiKeyCreate,
      {
        summary: 'Create an API key (answered in full this once)',
        description:
          'The key (`fdk_` + 32 random bytes, base64url) is answered once and stored hashed. It acts for the whole ' +
          'account within its scopes and is sent as `authorization: Bearer fdk_…`. An account holds at most 50 keys in ' +
          'use, with distinct names (409 `E_CONFLICT` otherwise).',
      },
      answer('API key created. Copy it now: it will not be shown again.', (req) =>
        apiKeys.createKey(ctx, customerActorOf(req), req.body),
      ),
    );
    route(
      apiKeysApi.apiKeyList,
      { summary: "The account's API keys in use, newest first (never the keys themselves)" },
      answer('API keys', (req) => apiKeys.listKeys(ctx, sessionOf(req).subjectId)),
    );
    route(
      apiKeysApi.apiKeyRevoke,
      {
        summary: 'Revoke an API key (it stops working at once)',
        description: 'A key of another account, or one revoked already, answers 404 `E_NOT_FOUND`.',
      },
      answerMessage('API key revoked', (req) => apiKeys.revokeKey(ctx, customerActorOf(req), req.params.id)),
    );
  });
