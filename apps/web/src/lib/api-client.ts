import type { ApiError as ApiErrorBody, RefreshRequest, SessionResponse } from '@coursa/contracts';
import { API_BASE_URL, STORAGE_KEYS } from '@/config';

/** An error answer of the API; screens show `detail`. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string;

  constructor(status: number, detail: string, code: string) {
    super(detail || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
  }
}

/** The message a screen shows for a failed call: the server's `detail`, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

export type SessionTokens = Pick<SessionResponse, 'access_token' | 'refresh_token'>;
type TokenListener = (accessToken: string | null) => void;
const tokenListeners = new Set<TokenListener>();

/** The tokens in localStorage, the only place they are kept; listeners hear every change. */
export const sessionTokens = {
  access: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  refresh: () => localStorage.getItem(STORAGE_KEYS.refreshToken),
  save(tokens: SessionTokens) {
    localStorage.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
    localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
    tokenListeners.forEach((listener) => listener(tokens.access_token));
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    tokenListeners.forEach((listener) => listener(null));
  },
  subscribe(listener: TokenListener): () => void {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  },
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** On a 401, refresh the session once and retry. Off for calls that are themselves about the session. */
  refreshOnUnauthorized?: boolean;
  /** Extra headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
}

function send(method: Method, path: string, body: unknown, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  const accessToken = sessionTokens.access();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  // A form (file upload) sets its own multipart content type; anything else goes as JSON.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  return fetch(API_BASE_URL + path, {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
}

async function toApiError(response: Response): Promise<ApiError> {
  const answer = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  return new ApiError(
    response.status,
    typeof answer?.detail === 'string' ? answer.detail : '',
    typeof answer?.code === 'string' ? answer.code : '',
  );
}

/** Sends a call, refreshing the session once on a 401; an error answer becomes an ApiError. */
async function call(method: Method, path: string, body: unknown, options: RequestOptions, accept = 'application/json'): Promise<Response> {
  let response = await send(method, path, body, options, accept);
  if (response.status === 401 && options.refreshOnUnauthorized !== false && (await refreshSession())) {
    response = await send(method, path, body, options, accept);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const text = await (await call(method, path, body, options)).text();
  return (text ? JSON.parse(text) : undefined) as T;
}

let refreshInFlight: Promise<boolean> | null = null;

/** Calls that fail together share one refresh: the API rotates refresh tokens, so a second use would fail. */
function refreshSession(): Promise<boolean> {
  refreshInFlight ??= attemptRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function attemptRefresh(): Promise<boolean> {
  const refreshToken = sessionTokens.refresh();
  if (!refreshToken) {
    sessionTokens.clear();
    return false;
  }
  try {
    const body: RefreshRequest = { refresh_token: refreshToken };
    sessionTokens.save(await request<SessionTokens>('POST', '/auth/refresh', body, { refreshOnUnauthorized: false }));
    return true;
  } catch (error) {
    // Only a refusal by the API ends the session: a dropped mobile connection must not sign the user out.
    if (error instanceof ApiError && error.status < 500) sessionTokens.clear();
    return false;
  }
}

/** The one HTTP client of the app. Features wrap it in typed functions over `@coursa/contracts`. */
export const apiClient = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  /** Sends a file as multipart form data (field `file`), for the photo uploads. */
  upload: <T>(path: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<T>('POST', path, form);
  },
  /** A file answer (e.g. a PDF receipt) as a Blob. */
  file: async (path: string, accept: string) => (await call('GET', path, undefined, {}, accept)).blob(),
};
