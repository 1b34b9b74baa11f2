import { endpoint } from '../endpoint.ts';
import { messageSchema } from '../envelope.ts';
import {
  apiKeyCreateRequestSchema,
  apiKeyCreateResponseSchema,
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
} from '../api-keys.ts';

/** API keys (DECISIONS §13), under /api/v1/admin/api-keys: Owners and Admins; never open to keys themselves. */
const A = '/api/v1/admin/api-keys';

/** Answers the key in full, this once. */
export const apiKeyCreate = endpoint({
  method: 'POST',
  path: A,
  body: apiKeyCreateRequestSchema,
  response: apiKeyCreateResponseSchema,
});
export const apiKeyList = endpoint({ method: 'GET', path: A, response: apiKeyListResponseSchema });
/** The key stops working at once. */
export const apiKeyRevoke = endpoint({
  method: 'DELETE',
  path: `${A}/:id`,
  params: apiKeyIdParamsSchema,
  response: messageSchema,
});
