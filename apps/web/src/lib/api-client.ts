import type {
  ApiError as ApiErrorBody,
  FileRouteKey,
  JsonRouteKey,
  RouteAnswer,
  RouteBody,
  RouteKey,
  RouteParams,
  RouteQuery,
  SessionResponse,
  UploadRouteKey,
} from '@coursa/contracts';
import { STORAGE_KEYS } from '@/config';

/** An error answer of the API; screens show `detail`. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  /** A 429's Retry-After, in seconds: how long before the server takes the call again; null when it did not say. */
  readonly retryAfterS: number | null;

  constructor(status: number, detail: string, code: string, retryAfterS: number | null = null) {
    super(detail || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.retryAfterS = retryAfterS;
  }
}

/** The code of the API's answer to an unexpected failure, whose detail (« Une erreur interne… ») says nothing more. */
const INTERNAL_ERROR = 'INTERNAL_ERROR';

/**
 * The message a screen shows for a failed call: the server's `detail` when it says why (a refusal, a provider that is
 * down…), else the screen's own fallback — the spec's message — for an unexpected failure or no answer at all.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail && error.code !== INTERNAL_ERROR ? error.detail : fallback;
}

export type SessionTokens = Pick<SessionResponse, 'access_token' | 'refresh_token'>;
type TokenListener = (accessToken: string | null) => void;
const tokenListeners = new Set<TokenListener>();

/** The tokens in localStorage, the only place they are kept; listeners hear every change. */
export const sessionTokens = {
  access: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  refresh: () => localStorage.getItem(STORAGE_KEYS.refreshToken),
  /**
   * The `role` claim of the stored access token, read without checking it: only a hint, to start downloading the
   * signed-in user's screen while the API says who they are. Null without a readable token.
   */
  roleHint(): string | null {
    const payload = localStorage.getItem(STORAGE_KEYS.accessToken)?.split('.')[1];
    if (!payload) return null;
    try {
      const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
      return claims && typeof claims === 'object' && 'role' in claims && typeof claims.role === 'string' ? claims.role : null;
    } catch {
      return null;
    }
  },
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

export interface RequestOptions {
  /** On a 401, refresh the session once and retry. Off for calls that are themselves about the session. */
  refreshOnUnauthorized?: boolean;
  /** Extra headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
}

/** What a route needs besides its key: its path parameters, its body and its query string, as ApiRoutes says. */
type RouteInput<K extends RouteKey> = (keyof RouteParams<K> extends never ? { params?: never } : { params: RouteParams<K> }) &
  ([RouteBody<K>] extends [never] ? { body?: never } : { body: RouteBody<K> }) &
  ([RouteQuery<K>] extends [never]
    ? { query?: never }
    : {} extends RouteQuery<K>
      ? { query?: RouteQuery<K> }
      : { query: RouteQuery<K> });

export type CallOptions<K extends RouteKey> = RouteInput<K> & RequestOptions;
/** The options may be left out when the route needs none. */
export type CallArgs<K extends RouteKey> = {} extends RouteInput<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** The method and URL of a call: the route's path with its parameters filled in, and the query's non-empty values. */
function target(route: RouteKey, params: Record<string, string> = {}, query: object = {}): { method: string; url: string } {
  const [method, path] = route.split(' ') as [string, string];
  const url = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return { method, url: search ? `${url}?${search}` : url };
}

function send(method: string, url: string, body: unknown, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  const accessToken = sessionTokens.access();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  // A form (file upload) sets its own multipart content type; anything else goes as JSON.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  return fetch(url, {
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
    retryAfterSeconds(response.headers?.get('retry-after') ?? null),
  );
}

/** Retry-After in seconds (the API sends whole seconds); null when missing or not a number. */
function retryAfterSeconds(header: string | null): number | null {
  const seconds = header === null || header.trim() === '' ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

/** A call as sent, once its route's typing has been checked. */
interface Call extends RequestOptions {
  params?: Record<string, string>;
  query?: object;
  /** JSON, or a form for the uploads. */
  body?: unknown;
}

/** Sends a call, refreshing the session once on a 401; an error answer becomes an ApiError. */
async function fetchRoute(route: RouteKey, options: Call, accept = 'application/json'): Promise<Response> {
  const { method, url } = target(route, options.params, options.query);
  const { body } = options;
  let response = await send(method, url, body, options, accept);
  if (response.status === 401 && options.refreshOnUnauthorized !== false && (await refreshSession())) {
    response = await send(method, url, body, options, accept);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
};

/** Calls a JSON route by its key, e.g. `callApi('GET /api/courses/:id/tracking', { params: { id } })`. */
async function callApi<K extends JsonRouteKey>(route: K, ...[options]: CallArgs<K>): Promise<RouteAnswer<K>> {
  return (await readJson(await fetchRoute(route, options ?? {}))) as RouteAnswer<K>;
}

/** A page of a list (README "Lists come in pages"): the route's answer, and what its headers say beside it. */
export interface ListPage<Answer> {
  answer: Answer;
  /** The next page's cursor, from the `Link: <…?cursor=…>; rel="next"` header; null on the last page. */
  nextCursor: string | null;
  /** How many items match in all (`X-Total-Count`), on the lists that count them. */
  total: number | undefined;
}

/** The cursor of the `rel="next"` link of a `Link` header (RFC 8288), null when there is none. */
export function nextCursorIn(link: string | null): string | null {
  for (const value of link?.split(',') ?? []) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(value);
    if (!match || !/;\s*rel="?next"?\s*(;|$)/i.test(match[2]!)) continue;
    return new URL(match[1]!, 'http://link.invalid').searchParams.get('cursor');
  }
  return null;
}

/** Reads a page of a list: its answer, its next page's cursor and its count. */
async function callPage<K extends JsonRouteKey>(route: K, ...[options]: CallArgs<K>): Promise<ListPage<RouteAnswer<K>>> {
  const response = await fetchRoute(route, options ?? {});
  const total = response.headers.get('x-total-count');
  return {
    answer: (await readJson(response)) as RouteAnswer<K>,
    nextCursor: nextCursorIn(response.headers.get('link')),
    total: total === null ? undefined : Number(total),
  };
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
    sessionTokens.save(await callApi('POST /api/auth/refresh', { body: { refresh_token: refreshToken }, refreshOnUnauthorized: false }));
    return true;
  } catch (error) {
    // Only a refusal by the API ends the session: a dropped mobile connection must not sign the user out.
    if (error instanceof ApiError && error.status < 500) sessionTokens.clear();
    return false;
  }
}

/** The one HTTP client of the app, typed by ApiRoutes: a call names its route and gets that route's answer. */
export const apiClient = {
  call: callApi,
  /** Calls a list's route for one page (see ListPage). */
  page: callPage,
  /** Sends a file as multipart form data (field `file`), for the photo uploads; `params` for a route with an id. */
  upload: async <K extends UploadRouteKey>(route: K, file: Blob, options: { params?: RouteParams<K> } & RequestOptions = {}): Promise<RouteAnswer<K>> => {
    const form = new FormData();
    form.append('file', file);
    return (await (await fetchRoute(route, { ...options, body: form })).json()) as RouteAnswer<K>;
  },
  /** A file answer (e.g. a PDF receipt) as a Blob. */
  file: async <K extends FileRouteKey>(route: K, params: RouteParams<K>, accept: RouteAnswer<K>['file']): Promise<Blob> =>
    (await fetchRoute(route, { params }, accept)).blob(),
};
