import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export const STRONG_PASSWORD = 'Glacier-Orbit-4417';

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++counter}@example.com`;

export function jsonOf<T = Record<string, unknown>>(res: { body: string }): T {
  return JSON.parse(res.body) as T;
}

/** Pulls `iv` and `encryptedData` out of an emailed link. */
export function linkParams(text: string, pathname: '/login' | '/reset-password') {
  const match = new RegExp(`(https?://[^\\s/]+${pathname}\\?[^\\s]+)`).exec(text);
  if (!match) throw new Error(`no ${pathname} link in: ${text}`);
  const url = new URL(match[1]!);
  return { url, iv: url.searchParams.get('iv')!, encryptedData: url.searchParams.get('encryptedData')! };
}

export const codeIn = (text: string) => /login code is (\d{4,6})/.exec(text)?.[1] ?? null;

export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/**
 * Rate limits count in fixed windows aligned to the clock (`lib/rate-limit.ts`): a test that makes `max` calls and
 * expects the next one refused must make them all in one window. If fewer than `secondsNeeded` are left in the current
 * window, this waits for the next one to start.
 */
export async function inOneWindow(secondsNeeded: number, windowSeconds = 60) {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < secondsNeeded) await new Promise((r) => setTimeout(r, left * 1000 + 50));
}
