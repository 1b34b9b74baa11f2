/** Base of the export calls (spec 2 §7: under /users/). */
export const EXPORTS_API = '/api/v1/admin/users/export';
