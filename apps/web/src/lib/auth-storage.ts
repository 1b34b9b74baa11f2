/** Customer session token (spec 1 §4). The staff realm uses `super_admin_token` and is not touched here. */
export const TOKEN_KEY = 'token';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export const getToken = (): string | null => storage()?.getItem(TOKEN_KEY) ?? null;

export const setToken = (token: string): void => {
  storage()?.setItem(TOKEN_KEY, token);
};

export const clearToken = (): void => {
  storage()?.removeItem(TOKEN_KEY);
};

export const hasToken = (): boolean => Boolean(getToken());
