import { z } from 'zod/mini';
import { limitQuerySchema, listPaginationSchema, pageQuerySchema } from './activity.ts';
import { idOf, newPasswordSchema, text } from './common.ts';
import { withData } from './envelope.ts';

/**
 * Power Chat users (spec 2 §2, §3, §7), under /api/v1/admin/fcm/user/. Each user not deleted holds one PCHAT seat.
 * The user signs in to the Power Chat app with `user_id` and password; the user's QR code carries
 * `<PUBLIC_URL>/chat-login?user=<user_id>` (no secret: the app then asks for the password).
 */

const required = z.minLength(1, { error: 'is required' });
const maxLen = (n: number) => z.maxLength(n, { error: `must be at most ${n} characters` });

export const CHAT_USER_ID_MIN = 3;
export const CHAT_USER_ID_MAX = 64;
export const CHAT_USER_ID_PATTERN = /^[a-z0-9][a-z0-9._@-]*$/;

/** Sign-in name of the chat user: unique across the installation, compared lower-case. */
export const chatUserIdSchema = text().check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(CHAT_USER_ID_MIN, { error: `must be at least ${CHAT_USER_ID_MIN} characters` }),
  maxLen(CHAT_USER_ID_MAX),
  z.regex(CHAT_USER_ID_PATTERN, {
    error: 'may contain only letters, digits, dots, dashes, underscores and @, and must start with a letter or digit',
  }),
);

export const chatUserCreateRequestSchema = z.object({
  name: text().check(z.trim(), required, maxLen(100)),
  password: newPasswordSchema,
  user_id: chatUserIdSchema,
  /** Listed in the customer's shared contact directory of the Power Chat app. */
  addToGlobalPull: z._default(z.boolean({ error: 'must be true or false' }), false),
});
export type ChatUserCreateRequest = z.input<typeof chatUserCreateRequestSchema>;

/** Spec 2 "Chat user". */
export const chatUserSchema = z.object({
  _id: z.string(),
  fcmData: z.object({ name: z.string(), user_id: z.string() }),
  /**
   * True when this user holds no paid seat: the customer's PCHAT seats expired or were refunded and this user is
   * beyond the purchased count (the newest users lose cover first). The Power Chat app treats them as trial users.
   */
  isTrialUser: z.boolean(),
  addToGlobalPull: z.boolean(),
  /** PNG of the user's sign-in QR code; the URL carries a key only this customer's console learns. */
  qrCodeUrl: z.string(),
  created_at: z.string(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const chatUserListQuerySchema = z.object({ page: pageQuerySchema, limit: limitQuerySchema });
export type ChatUserListQuery = z.input<typeof chatUserListQuerySchema>;

export const chatUserListResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(chatUserSchema),
  pagination: listPaginationSchema,
});
export type ChatUserListResponse = z.infer<typeof chatUserListResponseSchema>;

const chatUserIdParamSchema = idOf('chat user');
export const chatUserDetailQuerySchema = z.object({ id: chatUserIdParamSchema });
export const chatUserResponseSchema = withData(chatUserSchema);
export type ChatUserResponse = z.infer<typeof chatUserResponseSchema>;

/** `DELETE fcm/user/delete` takes `id` from the query string or from a JSON body. */
export const chatUserDeleteInputSchema = z.object({ id: z.optional(chatUserIdParamSchema) });
export type ChatUserDeleteInput = z.input<typeof chatUserDeleteInputSchema>;

/** `GET fcm/user/sync`: the PCHAT seats as the licence ledger counts them now. */
export const chatSeatsSchema = z.object({
  purchased: z.int(),
  used: z.int(),
  free: z.int(),
  /** Users beyond the purchased seats (shown with isTrialUser). */
  uncovered: z.int(),
});
export type ChatSeats = z.infer<typeof chatSeatsSchema>;
export const chatUserSyncResponseSchema = withData(chatSeatsSchema);

/** `DELETE fcm/user/delete`: the id in the query string or an optional JSON body. */
export const chatUserDeleteBodySchema = z.optional(z.nullable(chatUserDeleteInputSchema));

/** The PNG of a user's sign-in QR code, addressed by its `qrCodeUrl` (the key in the file name is the capability). */
export const chatQrParamsSchema = z.object({
  id: idOf('QR code', 'unknown QR code'),
  file: text().check(z.regex(/^[0-9a-f]{64}\.png$/, { error: 'unknown QR code' })),
});
