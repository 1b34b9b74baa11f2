/** Base of the Power Chat user calls (spec 2 §7). */
export const CHAT_USERS_API = '/api/v1/admin/fcm/user';
