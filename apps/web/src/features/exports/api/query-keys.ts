/** Prefix of every exports query: list and details. */
export const EXPORTS_QUERY_KEY = ['exports'] as const;

/** Base of the export calls (spec 2 §7: under /users/). */
export const EXPORTS_API = '/api/v1/admin/users/export';
