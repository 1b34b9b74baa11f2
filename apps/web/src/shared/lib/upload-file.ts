import type { Endpoint, EndpointResponse } from '@fleetdeck/contract';
import type { z } from 'zod/mini';
import { ApiError, authHeaders, failureOf, NETWORK_ERROR_MESSAGE, UNEXPECTED_ANSWER_MESSAGE } from './api-client';

// Its own module: only the back office's APK upload uses it.
/**
 * Posts a `multipart/form-data` body to an endpoint with upload progress (`fetch` reports none, so this is an
 * XMLHttpRequest), parsed and failing like `client`: the answer is checked with the endpoint's response schema and a
 * failure throws `ApiError` with the server's `respones_msg`, `code` and field `errors`.
 */
export function uploadWithProgress<E extends Endpoint>(
  endpoint: E,
  body: FormData,
  { onProgress, signal }: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<EndpointResponse<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpoint.path);
    for (const [name, value] of Object.entries(authHeaders({ accept: 'application/json' }))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    };
    xhr.onload = () => {
      done();
      let json: unknown;
      try {
        json = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failureOf(new Response(null, { status: xhr.status }), json));
        return;
      }
      const parsed = (endpoint.response as unknown as z.ZodMiniType<EndpointResponse<E>>).safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(xhr.status, UNEXPECTED_ANSWER_MESSAGE));
    };
    xhr.send(body);
  });
}
