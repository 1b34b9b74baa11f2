/**
 * Where to go after login when the visitor came for something specific (the login page's buy links go to
 * /subscription?price_id=…, which sends a signed-out visitor through register/login to checkout).
 * Only same-site relative paths are honoured, never another origin.
 */
const KEY = 'post_login_redirect';

export const safeNext = (raw: string | null | undefined): string | null => {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if ([...raw].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20)) return null;
  return raw;
};

const session = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export const rememberNext = (path: string): void => {
  const safe = safeNext(path);
  if (safe) session()?.setItem(KEY, safe);
};

/** The remembered path (once: it is forgotten on read). */
export const takeNext = (): string | null => {
  const store = session();
  const value = store?.getItem(KEY) ?? null;
  store?.removeItem(KEY);
  return safeNext(value);
};
