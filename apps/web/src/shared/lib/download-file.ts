import { fillPath, type Endpoint } from '@fleetdeck/contract';
import { ApiError, authHeaders, buildUrl, failureOf, NETWORK_ERROR_MESSAGE, readJson, type Query } from './api-client';

// Its own module: only the exports, the payment histories' PDFs and the group QR use it (not the login pages).
/** Where a file answer comes from: the endpoint, its path parameters and query. */
interface FileRequest {
  query?: Query;
  params?: Record<string, string | number>;
}

/**
 * The file answer of an endpoint, asked with the session (a PNG, a CSV, a PDF): its `Response`, or the `ApiError`
 * of a failure, thrown like `client` throws it.
 */
export async function fetchFile<E extends Endpoint>(
  endpoint: E,
  options: FileRequest & { accept?: string } = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(buildUrl(fillPath(endpoint.path, options.params), options.query), {
      method: endpoint.method,
      headers: authHeaders({ accept: options.accept ?? 'text/csv, application/pdf, application/json' }),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw failureOf(response, await readJson(response));
  return response;
}

/**
 * Downloads a file answer of an endpoint (a staff list's `isExportData=true` CSV, an invoice or credit note PDF) and
 * saves it under the name the server gives in `content-disposition` (or `fallbackName`). Failures throw `ApiError` like `client`, e.g. 404
 * `E_NO_DATA` "No data to export".
 */
export async function downloadFile<E extends Endpoint>(
  endpoint: E,
  options: FileRequest & { fallbackName: string },
): Promise<void> {
  const response = await fetchFile(endpoint, options);
  const blob = await response.blob();
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = named ?? options.fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
