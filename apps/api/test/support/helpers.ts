import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { TestRuntime } from './runtime.ts';

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

export async function post(rt: TestRuntime, url: string, payload: unknown, token?: string, ip = '127.0.0.1') {
  return rt.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: token } : {},
    remoteAddress: ip,
  });
}

export async function get(rt: TestRuntime, url: string, token?: string) {
  return rt.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}

/** Registers, follows the emailed verification link, logs in: a signed-in customer. */
export async function signedInCustomer(
  rt: TestRuntime,
  overrides: Partial<{ email: string; password: string; name: string }> = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? STRONG_PASSWORD;
  const reg = await post(rt, '/api/v1/admin/users/register', {
    name: overrides.name ?? 'Test Customer',
    email,
    password,
  });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.body}`);
  const mail = await rt.smtp.waitFor(email, (m) => m.subject.startsWith('Verify'));
  const { iv, encryptedData } = linkParams(mail.text, '/login');
  const verified = await post(rt, '/api/v1/admin/users/verify/email', { iv, encryptedData });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const login = await post(rt, '/api/v1/admin/users/login', { email, password, userAgent: 'vitest' });
  const token = jsonOf<{ data: { token: string } }>(login).data.token;
  return { email, password, token };
}
