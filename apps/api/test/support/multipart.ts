import crypto from 'node:crypto';
import type { Endpoint, EndpointResponse, ErrorResponse } from '@fleetdeck/contract';
import type { TestRuntime } from './runtime.ts';

/** One part of a hand-built multipart body: a text field, or a file with exactly the name and type given. */
export type Part =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/**
 * A `multipart/form-data` body built byte by byte, so tests can send what a browser never would (a NUL byte or a path
 * in the file name, a lying content type).
 */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fleetdeck${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
          'latin1',
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts a hand-built multipart body to a contract endpoint; `data()` and `error()` read the answer as `call` does. */
export async function postMultipart<E extends Endpoint>(
  rt: Pick<TestRuntime, 'app'>,
  endpoint: E,
  parts: Part[],
  token?: string,
) {
  const { payload, headers } = multipart(parts);
  const res = await rt.app.inject({
    method: 'POST',
    url: endpoint.path,
    payload,
    headers: { ...headers, ...(token ? { authorization: token } : {}) },
  });
  return Object.assign(res, {
    data(): EndpointResponse<E> {
      if (res.statusCode !== 200) throw new Error(`${endpoint.path} answered ${res.statusCode}: ${res.body}`);
      return JSON.parse(res.body) as EndpointResponse<E>;
    },
    error(): ErrorResponse {
      return JSON.parse(res.body) as ErrorResponse;
    },
  });
}

/** Posts a JSON body to a multipart endpoint (what a script might send): its status, which must be 415. */
export async function postJsonToMultipart(
  rt: Pick<TestRuntime, 'app'>,
  endpoint: Endpoint,
  payload: Record<string, unknown>,
  token: string,
) {
  const res = await rt.app.inject({ method: 'POST', url: endpoint.path, payload, headers: { authorization: token } });
  return res.statusCode;
}
