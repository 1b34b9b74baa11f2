import { z } from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { text } from '../common.ts';

/**
 * QR images (PNG), loaded by <img>: no token, the random key in the URL is the capability. The answer is the PNG's
 * bytes (`content-type: image/png`), never JSON.
 */
const pngSchema = z.string();

export const loginPng = endpoint({
  method: 'GET',
  path: '/api/v1/qr/login/:file',
  params: z.object({ file: text().check(z.regex(/^[A-Za-z0-9_-]{16,64}\.png$/, { message: 'unknown QR code' })) }),
  response: pngSchema,
});
export const apkPng = endpoint({
  method: 'GET',
  path: '/api/v1/qr/apk/:file',
  params: z.object({ file: text().check(z.regex(/^[A-Z]{2,5}\.png$/, { message: 'unknown app' })) }),
  response: pngSchema,
});
