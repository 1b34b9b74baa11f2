/**
 * Session tokens in the browser, one store per realm (DECISIONS §2): the customer console keeps `token`, the back
 * office `super_admin_token` and `adminRole`. Each app's entry tells the API client which store it uses.
 */
export const TOKEN_KEY = 'token';
export const STAFF_TOKEN_KEY = 'super_admin_token';
export const STAFF_ROLE_KEY = 'adminRole';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The token of one realm and where its app's login page is. */
export interface SessionStore {
  get(): string | null;
  clear(): void;
  loginPath: string;
}

export const getToken = (): string | null => storage()?.getItem(TOKEN_KEY) ?? null;

export const setToken = (token: string): void => {
  storage()?.setItem(TOKEN_KEY, token);
};

export const clearToken = (): void => {
  storage()?.removeItem(TOKEN_KEY);
};

export const hasToken = (): boolean => Boolean(getToken());

export const customerSession: SessionStore = { get: getToken, clear: clearToken, loginPath: '/login' };

export const getStaffToken = (): string | null => storage()?.getItem(STAFF_TOKEN_KEY) ?? null;
export const getStaffRole = (): string | null => storage()?.getItem(STAFF_ROLE_KEY) ?? null;

/** Staff sign-in stores the staff token and role and clears the customer token (spec 3 §4). */
export const setStaffSession = (token: string, role: string): void => {
  storage()?.setItem(STAFF_TOKEN_KEY, token);
  storage()?.setItem(STAFF_ROLE_KEY, role);
  clearToken();
};

export const clearStaffSession = (): void => {
  storage()?.removeItem(STAFF_TOKEN_KEY);
  storage()?.removeItem(STAFF_ROLE_KEY);
};

export const staffSession: SessionStore = {
  get: getStaffToken,
  clear: clearStaffSession,
  loginPath: '/super-admin/login',
};
