/** A failed API call, carrying the server's `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** For a 429: when (epoch ms) the server said the same request may be made again (its `Retry-After`). */
    readonly retryAt?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** `Retry-After` as a moment: whole seconds from now, or an HTTP date; undefined when absent or unreadable. */
export function readRetryAfter(header: string | null, nowMs = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return nowMs + Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : date;
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** Lets the session layer react when any call finds the session gone (expired or revoked). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function readErrorMessage(body: unknown, status: number): { code: string; message: string } {
  if (body && typeof body === 'object') {
    const nested = (body as { error?: unknown }).error;
    if (nested && typeof nested === 'object' && 'message' in nested) {
      const { code, message } = nested as { code?: string | number; message?: unknown };
      return { code: String(code ?? 'ERROR'), message: String(message) };
    }
    // better-auth answers `{ code, message }` at the top level.
    if ('message' in body) {
      const { code, message } = body as { code?: string | number; message?: unknown };
      return { code: String(code ?? 'ERROR'), message: String(message) };
    }
  }
  return { code: 'HTTP_ERROR', message: `HTTP error! status: ${status}` };
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** JSON over fetch with the session cookie; throws ApiError for any non-2xx answer. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    credentials: 'same-origin',
    signal: request.signal,
  });
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) {
    const { code, message } = readErrorMessage(body, response.status);
    const retryAt = response.status === 429 ? readRetryAfter(response.headers.get('retry-after')) : undefined;
    const error = new ApiError(response.status, code, message, retryAt);
    if (response.status === 401) unauthorizedListeners.forEach((listener) => listener(error));
    throw error;
  }
  return body as T;
}
