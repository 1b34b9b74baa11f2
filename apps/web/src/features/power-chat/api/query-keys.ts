/** Prefix of every Power Chat users query. */
export const CHAT_USERS_QUERY_KEY = ['chat-users'] as const;

/** Base of the Power Chat user calls (spec 2 §7). */
export const CHAT_USERS_API = '/api/v1/admin/fcm/user';
