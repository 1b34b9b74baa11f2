import { z } from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import {
  chatQrParamsSchema,
  chatUserCreateRequestSchema,
  chatUserDeleteBodySchema,
  chatUserDeleteInputSchema,
  chatUserDetailQuerySchema,
  chatUserListQuerySchema,
  chatUserListResponseSchema,
  chatUserResponseSchema,
  chatUserSyncResponseSchema,
} from '../chat.ts';
import { messageSchema } from '../envelope.ts';

/** Power Chat users of the customer console (spec 2 §7), under /api/v1/admin/fcm/user. */
const F = '/api/v1/admin/fcm/user';

export const list = endpoint({
  method: 'GET',
  path: `${F}/list`,
  query: chatUserListQuerySchema,
  response: chatUserListResponseSchema,
});
export const detail = endpoint({
  method: 'GET',
  path: `${F}/detail`,
  query: chatUserDetailQuerySchema,
  response: chatUserResponseSchema,
});
export const sync = endpoint({ method: 'GET', path: `${F}/sync`, response: chatUserSyncResponseSchema });
export const create = endpoint({
  method: 'POST',
  path: `${F}/create`,
  body: chatUserCreateRequestSchema,
  response: chatUserResponseSchema,
});
/** `id` in the query string or a JSON body. */
export const remove = endpoint({
  method: 'DELETE',
  path: `${F}/delete`,
  query: chatUserDeleteInputSchema,
  body: chatUserDeleteBodySchema,
  response: messageSchema,
});
/** PNG of a user's sign-in QR code (binary; no session: an <img> loads it). */
export const qrImage = endpoint({
  method: 'GET',
  path: '/api/v1/qr/chat/:id/:file',
  params: chatQrParamsSchema,
  response: z.string(),
});
